/* The macro definitions and spelled macro uses of one parse, from libclang's
 * preprocessing record (the parses keep a detailed one). */
#include "macros.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct record_walk {
    cdpl_context *context;
    cdpl_macros *macros;
    size_t order;
} record_walk;

/* The parameter list of a function-like definition, from its `(`. */
static bool read_parameters(cdpl_context *context, cdpl_macro *macro)
{
    const cdpl_model *model = context->model;
    const cdpl_tokens *tokens = &macro->tokens;
    unsigned t = 2;
    while (t < tokens->count && !cdpl_token_is(model, tokens, t, ")")) {
        const char *name = "__VA_ARGS__";
        size_t length = strlen(name);
        if (cdpl_token_is(model, tokens, t, "...")) {
            macro->variadic = true;
        } else {
            name = model->source + tokens->ranges[t].begin;
            length = tokens->ranges[t].end - tokens->ranges[t].begin;
            macro->variadic = cdpl_token_is(model, tokens, t + 1, "...");
            if (macro->variadic) ++t;
        }
        char *param = malloc(length + 1);
        if (param != NULL) {
            memcpy(param, name, length);
            param[length] = '\0';
        }
        if (param == NULL || !cdpl_append(context, &macro->params, &macro->nparams, sizeof param, &param)) {
            free(param);
            context->out_of_memory = true;
            return false;
        }
        t += cdpl_token_is(model, tokens, t + 1, ",") ? 2 : 1;
    }
    macro->body = t + 1;
    return true;
}

static void read_definition(record_walk *walk, CXCursor cursor)
{
    cdpl_context *context = walk->context;
    const cdpl_unit *unit = walk->macros->unit;
    CXString spelling = clang_getCursorSpelling(cursor);
    cdpl_macro macro = {cdpl_take_string(context, spelling), walk->order, cursor, false, {0, 0}, false, false,
                        0, NULL, {0}, 1};
    if (macro.name == NULL) return;
    macro.in_source = cdpl_cursor_in_main_file(unit, cursor) && cdpl_cursor_main_range(unit, cursor, &macro.extent);
    if (macro.in_source) {
        macro.function_like = clang_Cursor_isMacroFunctionLike(cursor);
        if (!cdpl_tokenize(context, unit, macro.extent, &macro.tokens) ||
            (macro.function_like && !read_parameters(context, &macro))) {
            free(macro.name);
            cdpl_tokens_dispose(&macro.tokens);
            return;
        }
    }
    if (!cdpl_append(context, &walk->macros->macros, &walk->macros->nmacros, sizeof macro, &macro)) {
        free(macro.name);
        cdpl_tokens_dispose(&macro.tokens);
    }
}

/* The definition a use expands: the newest one that is its cursor. */
static size_t definition_of(const cdpl_macros *macros, CXCursor definition)
{
    for (size_t m = macros->nmacros; m-- > 0;)
        if (clang_equalCursors(macros->macros[m].cursor, definition)) return m;
    return SIZE_MAX;
}

static void read_use(record_walk *walk, CXCursor cursor)
{
    cdpl_macros *macros = walk->macros;
    cdpl_spelled_use use = {{0, 0}, definition_of(macros, clang_getCursorReferenced(cursor)), walk->order};
    if (use.macro == SIZE_MAX || !cdpl_cursor_main_range(macros->unit, cursor, &use.whole)) return;
    cdpl_append(walk->context, &macros->uses, &macros->nuses, sizeof use, &use);
}

static enum CXChildVisitResult read_entity(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    record_walk *walk = data;
    enum CXCursorKind kind = clang_getCursorKind(cursor);
    if (kind == CXCursor_MacroDefinition) read_definition(walk, cursor);
    else if (kind == CXCursor_MacroExpansion && cdpl_cursor_in_main_file(walk->macros->unit, cursor))
        read_use(walk, cursor);
    if (kind == CXCursor_MacroDefinition || kind == CXCursor_MacroExpansion) ++walk->order;
    return CXChildVisit_Continue;
}

static bool is_blank(char c) { return c == ' ' || c == '\t'; }

/* `#undef NAME` lines the preprocessor ran (the record keeps none): where
 * each NAME is. */
static void read_undefs(cdpl_context *context, cdpl_macros *macros)
{
    const cdpl_model *model = context->model;
    const char *text = model->source;
    for (size_t at = 0; at < model->source_size;) {
        cdpl_range line = cdpl_logical_line(model, at);
        size_t c = line.begin;
        while (c < line.end && is_blank(text[c])) ++c;
        if (c < line.end && text[c] == '#') {
            ++c;
            while (c < line.end && is_blank(text[c])) ++c;
            if (line.end - c > 5 && memcmp(text + c, "undef", 5) == 0 && is_blank(text[c + 5])) {
                c += 5;
                while (c < line.end && is_blank(text[c])) ++c;
                if (!cdpl_skipped_in(macros->unit, c))
                    cdpl_append(context, &macros->undefs, &macros->nundefs, sizeof c, &c);
            }
        }
        at = line.end + 1;
    }
}

/* qsort has no context: the macros being sorted. */
static const cdpl_macro *sorted_macros;

static int by_name_then_order(const void *left, const void *right)
{
    size_t a = *(const size_t *)left, b = *(const size_t *)right;
    int names = strcmp(sorted_macros[a].name, sorted_macros[b].name);
    return names != 0 ? names : (a > b) - (a < b);
}

bool cdpl_macros_read(cdpl_context *context, const cdpl_unit *unit, cdpl_macros *macros)
{
    *macros = (cdpl_macros){.unit = unit};
    record_walk walk = {context, macros, 0};
    clang_visitChildren(clang_getTranslationUnitCursor(unit->tu), read_entity, &walk);
    read_undefs(context, macros);
    macros->by_name = calloc(macros->nmacros + 1, sizeof *macros->by_name);
    if (macros->by_name == NULL) context->out_of_memory = true;
    for (size_t m = 0; macros->by_name != NULL && m < macros->nmacros; ++m) macros->by_name[m] = m;
    sorted_macros = macros->macros;
    if (macros->by_name != NULL && macros->nmacros > 1)
        qsort(macros->by_name, macros->nmacros, sizeof *macros->by_name, by_name_then_order);
    return !context->out_of_memory;
}

void cdpl_macros_dispose(cdpl_macros *macros)
{
    for (size_t m = 0; m < macros->nmacros; ++m) {
        free(macros->macros[m].name);
        for (size_t p = 0; p < macros->macros[m].nparams; ++p) free(macros->macros[m].params[p]);
        free(macros->macros[m].params);
        cdpl_tokens_dispose(&macros->macros[m].tokens);
    }
    free(macros->macros);
    free(macros->by_name);
    free(macros->uses);
    free(macros->undefs);
    *macros = (cdpl_macros){0};
}

size_t cdpl_macro_use_at(const cdpl_macros *macros, size_t offset)
{
    for (size_t u = 0; u < macros->nuses; ++u)
        if (macros->uses[u].whole.begin == offset) return u;
    return SIZE_MAX;
}

static bool names(const char *text, size_t length, const char *name)
{
    return strlen(name) == length && memcmp(text, name, length) == 0;
}

static bool is_name_character(char c)
{
    return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Whether the source undefines `name` between `from` and `to`. */
static bool undefined_between(const cdpl_model *model, const cdpl_macros *macros, const char *name, size_t from,
                              size_t to)
{
    size_t length = strlen(name);
    for (size_t u = 0; u < macros->nundefs; ++u) {
        size_t at = macros->undefs[u];
        if (at > from && at < to && at + length <= model->source_size &&
            memcmp(model->source + at, name, length) == 0 &&
            (at + length == model->source_size || !is_name_character(model->source[at + length])))
            return true;
    }
    return false;
}

/* Compares `name` (of `length` bytes) with a NUL-terminated one. */
static int compare_name(const char *name, size_t length, const char *other)
{
    int order = strncmp(name, other, length);
    return order != 0 ? order : -(other[length] != '\0');
}

size_t cdpl_macro_named(const cdpl_model *model, const cdpl_macros *macros, const char *name, size_t length,
                        size_t order, size_t offset)
{
    /* The first definition of a greater name, or of this name at `order` or later. */
    size_t low = 0, high = macros->nmacros;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        const cdpl_macro *macro = &macros->macros[macros->by_name[middle]];
        int compared = compare_name(name, length, macro->name);
        if (compared > 0 || (compared == 0 && macro->order < order)) low = middle + 1;
        else high = middle;
    }
    if (low == 0) return SIZE_MAX;
    size_t m = macros->by_name[low - 1];
    const cdpl_macro *macro = &macros->macros[m];
    if (!names(name, length, macro->name)) return SIZE_MAX;
    if (macro->in_source && undefined_between(model, macros, macro->name, macro->extent.end, offset))
        return SIZE_MAX;
    return m;
}

size_t cdpl_macro_holding(const cdpl_macros *macros, size_t offset)
{
    for (size_t m = macros->nmacros; m-- > 0;)
        if (macros->macros[m].in_source && macros->macros[m].extent.begin <= offset &&
            offset < macros->macros[m].extent.end)
            return m;
    return SIZE_MAX;
}

size_t cdpl_macro_parameter(const cdpl_model *model, const cdpl_macro *macro, cdpl_range token)
{
    if (!macro->function_like) return SIZE_MAX;
    for (size_t p = 0; p < macro->nparams; ++p)
        if (names(model->source + token.begin, token.end - token.begin, macro->params[p])) return p;
    return SIZE_MAX;
}
