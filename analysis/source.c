/* Positions and tokens. Offsets always come from the expansion location, so
 * a macro use is located where it is written in the main file. */
#define _POSIX_C_SOURCE 200809L
#include "source.h"

#include <stdlib.h>
#include <string.h>

bool cdpl_main_offset(const cdpl_unit *unit, CXSourceLocation location, size_t *offset)
{
    CXFile file = NULL;
    unsigned position = 0;
    clang_getExpansionLocation(location, &file, NULL, NULL, &position);
    if (file == NULL || !clang_File_isEqual(file, unit->main_file)) return false;
    *offset = position;
    return true;
}

bool cdpl_spelled_main_offset(const cdpl_unit *unit, CXSourceLocation location, size_t *offset)
{
    CXFile file = NULL;
    unsigned position = 0;
    clang_getSpellingLocation(location, &file, NULL, NULL, &position);
    if (file == NULL || !clang_File_isEqual(file, unit->main_file)) return false;
    *offset = position;
    return true;
}

bool cdpl_main_range(const cdpl_unit *unit, CXSourceRange range, cdpl_range *out)
{
    size_t begin = 0, end = 0;
    if (!cdpl_main_offset(unit, clang_getRangeStart(range), &begin) ||
        !cdpl_main_offset(unit, clang_getRangeEnd(range), &end) || end < begin)
        return false;
    *out = (cdpl_range){begin, end};
    return true;
}

bool cdpl_cursor_main_range(const cdpl_unit *unit, CXCursor cursor, cdpl_range *out)
{
    return cdpl_main_range(unit, clang_getCursorExtent(cursor), out);
}

bool cdpl_cursor_in_main_file(const cdpl_unit *unit, CXCursor cursor)
{
    size_t offset = 0;
    return cdpl_main_offset(unit, clang_getCursorLocation(cursor), &offset);
}

bool cdpl_in_macro_expansion(CXSourceLocation location)
{
    CXFile spelling_file = NULL, expansion_file = NULL;
    unsigned spelling_offset = 0, expansion_offset = 0;
    clang_getSpellingLocation(location, &spelling_file, NULL, NULL, &spelling_offset);
    clang_getExpansionLocation(location, &expansion_file, NULL, NULL, &expansion_offset);
    if (spelling_file == NULL || expansion_file == NULL) return spelling_file != expansion_file;
    return spelling_offset != expansion_offset || !clang_File_isEqual(spelling_file, expansion_file);
}

bool cdpl_skipped_in(const cdpl_unit *unit, size_t offset)
{
    CXSourceRangeList *skipped = clang_getSkippedRanges(unit->tu, unit->main_file);
    bool found = false;
    for (unsigned r = 0; skipped != NULL && r < skipped->count && !found; ++r) {
        cdpl_range range;
        found = cdpl_main_range(unit, skipped->ranges[r], &range) && offset >= range.begin && offset < range.end;
    }
    if (skipped != NULL) clang_disposeSourceRangeList(skipped);
    return found;
}

/* The length of the line break at `i` (0: none). A lone carriage return
 * ends a line too, as clang counts lines. */
static size_t line_break_at(const cdpl_model *model, size_t i)
{
    if (model->source[i] == '\n') return 1;
    if (model->source[i] != '\r') return 0;
    return i + 1 < model->source_size && model->source[i + 1] == '\n' ? 2 : 1;
}

bool cdpl_model_index_lines(cdpl_model *model)
{
    size_t count = 1;
    for (size_t i = 0; i < model->source_size; ++i) {
        size_t length = line_break_at(model, i);
        if (length > 0) {
            ++count;
            i += length - 1;
        }
    }
    size_t *starts = malloc(count * sizeof *starts);
    if (starts == NULL) return false;
    size_t line = 0;
    starts[line++] = 0;
    for (size_t i = 0; i < model->source_size; ++i) {
        size_t length = line_break_at(model, i);
        if (length > 0) {
            i += length - 1;
            starts[line++] = i + 1;
        }
    }
    free(model->line_starts);
    model->line_starts = starts;
    model->nlines = count;
    return true;
}

/* The last segment that starts at or before `offset`; NULL without segments. */
static const cdpl_segment *segment_at(const cdpl_model *model, size_t offset)
{
    if (model->nsegments == 0 || offset < model->segments[0].begin) return NULL;
    size_t low = 0, high = model->nsegments;
    while (high - low > 1) {
        size_t middle = low + (high - low) / 2;
        if (model->segments[middle].begin <= offset) low = middle;
        else high = middle;
    }
    return &model->segments[low];
}

cdpl_loc cdpl_loc_at(const cdpl_model *model, size_t offset)
{
    if (offset > model->source_size) offset = model->source_size;
    size_t line = 0, start = 0;
    if (model->line_starts != NULL) {
        /* The last line that starts at or before `offset`. */
        size_t low = 0, high = model->nlines;
        while (high - low > 1) {
            size_t middle = low + (high - low) / 2;
            if (model->line_starts[middle] <= offset) low = middle;
            else high = middle;
        }
        line = low;
        start = model->line_starts[low];
    } else {
        for (size_t i = 0; i < offset; ++i) {
            size_t length = line_break_at(model, i);
            if (length > 0 && i + length <= offset) {
                ++line;
                i += length - 1;
                start = i + 1;
            }
        }
    }
    const cdpl_segment *segment = segment_at(model, offset);
    if (segment == NULL) return (cdpl_loc){(unsigned)(line + 1), (unsigned)(offset - start + 1), NULL};
    return (cdpl_loc){(unsigned)(segment->file_line + (line - segment->line)), (unsigned)(offset - start + 1),
                      segment->header < model->nheaders ? model->headers[segment->header].name : NULL};
}

const char *cdpl_path_at(const cdpl_model *model, size_t offset)
{
    const cdpl_segment *segment = segment_at(model, offset);
    return segment != NULL && segment->header < model->nheaders ? model->headers[segment->header].path : NULL;
}

char *cdpl_location_file(CXSourceLocation location, cdpl_loc *loc)
{
    CXFile file = NULL;
    unsigned line = 0, column = 0;
    clang_getExpansionLocation(location, &file, &line, &column, NULL);
    *loc = (cdpl_loc){line, column, NULL};
    if (file == NULL) return NULL;
    CXString name = clang_getFileName(file);
    const char *text = clang_getCString(name);
    char *copy = text != NULL ? strdup(text) : NULL;
    clang_disposeString(name);
    return copy;
}

char *cdpl_take_string(cdpl_context *context, CXString string)
{
    const char *text = clang_getCString(string);
    char *copy = cdpl_strdup(context, text != NULL ? text : "");
    clang_disposeString(string);
    return copy;
}

bool cdpl_text_is(const cdpl_model *model, cdpl_range range, const char *text)
{
    size_t length = strlen(text);
    return range.end - range.begin == length && range.end <= model->source_size &&
           memcmp(model->source + range.begin, text, length) == 0;
}

bool cdpl_tokenize(cdpl_context *context, const cdpl_unit *unit, cdpl_range range, cdpl_tokens *out)
{
    *out = (cdpl_tokens){0};
    CXSourceLocation begin = clang_getLocationForOffset(unit->tu, unit->main_file, (unsigned)range.begin);
    CXSourceLocation end = clang_getLocationForOffset(unit->tu, unit->main_file, (unsigned)range.end);
    CXToken *tokens = NULL;
    unsigned count = 0;
    clang_tokenize(unit->tu, clang_getRange(begin, end), &tokens, &count);
    cdpl_range *ranges = calloc(count + 1, sizeof *ranges);
    CXTokenKind *kinds = calloc(count + 1, sizeof *kinds);
    if (ranges == NULL || kinds == NULL) {
        clang_disposeTokens(unit->tu, tokens, count);
        free(ranges);
        free(kinds);
        context->out_of_memory = true;
        return false;
    }
    unsigned kept = 0;
    for (unsigned t = 0; t < count; ++t) {
        cdpl_range token_range;
        /* clang_tokenize may return a token straddling the range's end. */
        if (!cdpl_main_range(unit, clang_getTokenExtent(unit->tu, tokens[t]), &token_range) ||
            token_range.end > range.end)
            break;
        if (clang_getTokenKind(tokens[t]) == CXToken_Comment) continue;
        kinds[kept] = clang_getTokenKind(tokens[t]);
        ranges[kept++] = token_range;
    }
    clang_disposeTokens(unit->tu, tokens, count);
    *out = (cdpl_tokens){ranges, kinds, kept};
    return true;
}

bool cdpl_tokens_add(cdpl_context *context, cdpl_tokens *tokens, cdpl_range range, CXTokenKind kind)
{
    /* Grown a token at a time, as cdpl_append grows arrays. */
    size_t count = tokens->count;
    if (!cdpl_append(context, &tokens->ranges, &count, sizeof range, &range)) return false;
    count = tokens->count;
    if (!cdpl_append(context, &tokens->kinds, &count, sizeof kind, &kind)) return false;
    ++tokens->count;
    return true;
}

void cdpl_tokens_dispose(cdpl_tokens *tokens)
{
    free(tokens->ranges);
    free(tokens->kinds);
    *tokens = (cdpl_tokens){0};
}

/* Whether the source holds nothing but whitespace and comments in [at, end). */
static bool blank_between(const cdpl_model *model, size_t at, size_t end)
{
    const char *text = model->source;
    while (at < end) {
        if (strchr(" \t\r\n\\", text[at]) != NULL) {
            ++at;
        } else if (at + 1 < end && text[at] == '/' && text[at + 1] == '*') {
            const char *close = strstr(text + at + 2, "*/");
            if (close == NULL) return false;
            at = (size_t)(close - text) + 2;
        } else if (at + 1 < end && text[at] == '/' && text[at + 1] == '/') {
            while (at < end && text[at] != '\n') ++at;
        } else {
            return false;
        }
    }
    return at == end;
}

cdpl_range cdpl_tokens_span(const cdpl_model *model, const cdpl_tokens *tokens, unsigned first, unsigned last)
{
    for (unsigned t = first + 1; t <= last; ++t) {
        cdpl_range before = tokens->ranges[t - 1], here = tokens->ranges[t];
        if (before.end == before.begin || here.begin < before.end || !blank_between(model, before.end, here.begin))
            return tokens->ranges[first];
    }
    return (cdpl_range){tokens->ranges[first].begin, tokens->ranges[last].end};
}

bool cdpl_token_is(const cdpl_model *model, const cdpl_tokens *tokens, unsigned index, const char *text)
{
    return index < tokens->count && cdpl_text_is(model, tokens->ranges[index], text);
}

bool cdpl_token_is_identifier(const cdpl_tokens *tokens, unsigned index)
{
    return index < tokens->count && tokens->kinds[index] == CXToken_Identifier;
}

unsigned cdpl_token_at(const cdpl_tokens *tokens, size_t offset)
{
    for (unsigned t = 0; t < tokens->count; ++t)
        if (tokens->ranges[t].begin == offset) return t;
    return tokens->count;
}

static bool opens_bracket(const cdpl_model *model, const cdpl_tokens *tokens, unsigned t)
{
    return cdpl_token_is(model, tokens, t, "(") || cdpl_token_is(model, tokens, t, "[") ||
           cdpl_token_is(model, tokens, t, "{");
}

static bool closes_bracket(const cdpl_model *model, const cdpl_tokens *tokens, unsigned t)
{
    return cdpl_token_is(model, tokens, t, ")") || cdpl_token_is(model, tokens, t, "]") ||
           cdpl_token_is(model, tokens, t, "}");
}

unsigned cdpl_matching_bracket(const cdpl_model *model, const cdpl_tokens *tokens, unsigned open)
{
    unsigned depth = 0;
    for (unsigned t = open; t < tokens->count; ++t) {
        if (opens_bracket(model, tokens, t)) {
            ++depth;
        } else if (closes_bracket(model, tokens, t)) {
            if (--depth == 0) return t;
        }
    }
    return tokens->count;
}

unsigned cdpl_skip_template_arguments(const cdpl_model *model, const cdpl_tokens *tokens, unsigned open)
{
    int angles = 0, brackets = 0;
    for (unsigned t = open; t < tokens->count; ++t) {
        if (opens_bracket(model, tokens, t)) ++brackets;
        else if (closes_bracket(model, tokens, t)) --brackets;
        else if (brackets > 0) continue;
        else if (cdpl_token_is(model, tokens, t, "<")) ++angles;
        else if (cdpl_token_is(model, tokens, t, ">")) --angles;
        else if (cdpl_token_is(model, tokens, t, ">>")) angles -= 2;
        if (angles <= 0 && brackets == 0) return t + 1;
    }
    return tokens->count;
}

unsigned cdpl_template_arguments_start(const cdpl_model *model, const cdpl_tokens *tokens, unsigned close)
{
    int angles = 0, brackets = 0;
    for (unsigned t = close + 1; t-- > 0;) {
        if (closes_bracket(model, tokens, t)) ++brackets;
        else if (opens_bracket(model, tokens, t)) --brackets;
        else if (brackets > 0) continue;
        else if (cdpl_token_is(model, tokens, t, ">")) ++angles;
        else if (cdpl_token_is(model, tokens, t, ">>")) angles += 2;
        else if (cdpl_token_is(model, tokens, t, "<")) --angles;
        if (angles <= 0 && brackets == 0) return t;
    }
    return tokens->count;
}

/* Whether the line break ending at `newline` (a '\n') is escaped: a
 * backslash before it, or before its '\r'. */
static bool continued(const char *text, size_t newline)
{
    size_t before = newline > 0 && text[newline - 1] == '\r' ? newline - 1 : newline;
    return before > 0 && text[before - 1] == '\\';
}

cdpl_range cdpl_logical_line(const cdpl_model *model, size_t offset)
{
    const char *text = model->source;
    size_t begin = offset, end = offset;
    while (begin > 0 && !(text[begin - 1] == '\n' && !continued(text, begin - 1))) --begin;
    while (end < model->source_size && !(text[end] == '\n' && !continued(text, end))) ++end;
    return (cdpl_range){begin, end};
}

bool cdpl_in_directive(const cdpl_model *model, size_t offset)
{
    size_t start = cdpl_logical_line(model, offset).begin;
    while (start < offset && (model->source[start] == ' ' || model->source[start] == '\t')) ++start;
    return model->source[start] == '#';
}

unsigned cdpl_declared_name(const cdpl_model *model, const cdpl_tokens *tokens, unsigned first, unsigned end)
{
    unsigned open = first;
    while (open < end && !cdpl_token_is(model, tokens, open, "(")) ++open;
    if (open >= end || open == first) return tokens->count;
    unsigned before = open - 1;
    if (cdpl_token_is(model, tokens, before, ">") || cdpl_token_is(model, tokens, before, ">>")) {
        before = cdpl_template_arguments_start(model, tokens, before);
        if (before >= tokens->count || before <= first) return tokens->count;
        --before;
    }
    return cdpl_token_is_identifier(tokens, before) ? before : tokens->count;
}
