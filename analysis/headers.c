/* Launches, runtime kernels, virtualized code and device API calls can sit
 * in a header the .cu file includes; without -rdc they must be lowered with
 * the file. So the analysis reads every user header into the source it
 * parses, in place of the #include line that brought it in:
 *
 *     #line 1 "/real/path/h.cuh"
 *     ...the header's text (its own user headers in turn)...
 *     #line 13 "/real/path/main.cu"
 *
 * Offsets in headers are then offsets of the one source, and every pass
 * works on headers as on the main file. The rewriter puts back the #include
 * line of each header it leaves unchanged (lower/headers.c).
 *
 * Which lines include which file comes from clang (clang_getInclusions, both
 * parses). A later inclusion of an include-guarded header, which clang does
 * not report, is dropped from the source (it included nothing); a header
 * guarded by #pragma once gets a macro guard instead, as #pragma once means
 * nothing in a main file. */
#define _XOPEN_SOURCE 700
#include "headers.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paths.h"
#include "source.h"

/* The source being built. */
typedef struct buffer {
    char *bytes;
    size_t size, capacity;
    bool failed;
} buffer;

typedef struct inclusion {
    char *includer;  /* real path; NULL for the main file */
    size_t offset;   /* of the inclusion's location in the includer */
    char *path;      /* real path of the included user header */
    char *name;      /* the included header as clang names it */
} inclusion;

typedef struct inlining {
    cdpl_context *context;
    const char *main_path;
    inclusion *inclusions;
    size_t ninclusions;
    buffer out;
    cdpl_header *headers;
    size_t nheaders;
    cdpl_segment *segments;
    size_t nsegments;
    bool failed;
} inlining;

/* ---- files ---- */

static char *real_path_of(CXFile file)
{
    CXString name = clang_File_tryGetRealPathName(file);
    if (clang_getCString(name) == NULL || clang_getCString(name)[0] == '\0') {
        clang_disposeString(name);
        name = clang_getFileName(file);
    }
    const char *text = clang_getCString(name);
    char *copy = text != NULL && text[0] != '\0' ? strdup(text) : NULL;
    clang_disposeString(name);
    return copy;
}

static char *read_file(const char *path, size_t *size)
{
    FILE *file = fopen(path, "rb");
    if (file == NULL) return NULL;
    size_t capacity = 4096, used = 0;
    char *bytes = malloc(capacity + 1);
    while (bytes != NULL) {
        used += fread(bytes + used, 1, capacity - used, file);
        if (used < capacity) break;
        char *grown = realloc(bytes, capacity * 2 + 1);
        if (grown == NULL) free(bytes);
        bytes = grown;
        capacity *= 2;
    }
    bool failed = bytes == NULL || ferror(file);
    fclose(file);
    if (failed) {
        free(bytes);
        return NULL;
    }
    bytes[used] = '\0';
    *size = used;
    return bytes;
}

/* ---- which line includes which header ---- */

typedef struct inclusion_walk {
    inlining *in;
    const cdpl_unit *unit;
} inclusion_walk;

static bool same_includer(const char *a, const char *b)
{
    return a == NULL || b == NULL ? a == b : strcmp(a, b) == 0;
}

/* Found by -isystem, or marked `#pragma GCC system_header` (as CCCL's
 * headers are), which makes the rest of the file a system header: its end
 * tells. */
static bool is_system_header(CXTranslationUnit tu, CXFile file)
{
    size_t size = 0;
    if (clang_getFileContents(tu, file, &size) == NULL) return false;
    return clang_Location_isInSystemHeader(clang_getLocationForOffset(tu, file, (unsigned)size));
}

static void add_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
    inclusion_walk *walk = data;
    inlining *in = walk->in;
    if (depth == 0 || in->failed || is_system_header(walk->unit->tu, file)) return;
    CXFile includer_file = NULL;
    unsigned offset = 0;
    clang_getExpansionLocation(stack[0], &includer_file, NULL, NULL, &offset);
    if (includer_file == NULL) return; /* -include on the command line */
    inclusion found = {NULL, offset, real_path_of(file), NULL};
    if (found.path == NULL || cdpl_is_runtime_header(found.path) || clang_File_isEqual(file, walk->unit->main_file)) {
        free(found.path);
        return;
    }
    if (!clang_File_isEqual(includer_file, walk->unit->main_file)) found.includer = real_path_of(includer_file);
    for (size_t i = 0; i < in->ninclusions; ++i)
        if (in->inclusions[i].offset == found.offset && same_includer(in->inclusions[i].includer, found.includer)) {
            free(found.path);
            free(found.includer);
            return;
        }
    CXString name = clang_getFileName(file);
    found.name = strdup(clang_getCString(name) != NULL ? clang_getCString(name) : found.path);
    clang_disposeString(name);
    if (found.name == NULL ||
        !cdpl_append(in->context, &in->inclusions, &in->ninclusions, sizeof found, &found)) {
        free(found.path);
        free(found.includer);
        free(found.name);
        in->failed = true;
    }
}

/* ---- the text of one line ---- */

typedef struct line {
    size_t begin, end; /* end: after the line break */
} line;

static line line_from(const char *text, size_t size, size_t begin)
{
    size_t end = begin;
    while (end < size && text[end] != '\n' && text[end] != '\r') ++end;
    if (end < size) end += text[end] == '\r' && end + 1 < size && text[end + 1] == '\n' ? 2 : 1;
    return (line){begin, end};
}

static size_t skip_blanks(const char *text, size_t at, size_t end)
{
    while (at < end && (text[at] == ' ' || text[at] == '\t')) ++at;
    return at;
}

/* `# word` at the start of the line: the offset after `word`, or 0. */
static size_t directive_named(const char *text, line l, const char *word)
{
    size_t at = skip_blanks(text, l.begin, l.end);
    if (at >= l.end || text[at] != '#') return 0;
    at = skip_blanks(text, at + 1, l.end);
    size_t length = strlen(word);
    if (at + length > l.end || memcmp(text + at, word, length) != 0) return 0;
    at += length;
    return at < l.end && (text[at] == '_' || (text[at] >= 'a' && text[at] <= 'z')) ? 0 : at;
}

static bool is_pragma_once(const char *text, line l)
{
    size_t at = directive_named(text, l, "pragma");
    if (at == 0) return false;
    at = skip_blanks(text, at, l.end);
    return at + 4 <= l.end && memcmp(text + at, "once", 4) == 0;
}

static bool has_pragma_once(const char *text, size_t size)
{
    for (size_t at = 0; at < size;) {
        line l = line_from(text, size, at);
        if (is_pragma_once(text, l)) return true;
        at = l.end > at ? l.end : size;
    }
    return false;
}

/* ---- building the source ---- */

static void put(inlining *in, const char *bytes, size_t size)
{
    buffer *out = &in->out;
    if (out->failed) return;
    if (out->size + size + 1 > out->capacity) {
        size_t capacity = out->capacity ? out->capacity : 4096;
        while (capacity < out->size + size + 1) capacity *= 2;
        char *grown = realloc(out->bytes, capacity);
        if (grown == NULL) {
            out->failed = in->failed = true;
            return;
        }
        out->bytes = grown;
        out->capacity = capacity;
    }
    memcpy(out->bytes + out->size, bytes, size);
    out->size += size;
    out->bytes[out->size] = '\0';
}

static void put_format(inlining *in, const char *format, ...) __attribute__((format(printf, 2, 3)));

static void put_format(inlining *in, const char *format, ...)
{
    char line[128];
    va_list args;
    va_start(args, format);
    int length = vsnprintf(line, sizeof line, format, args);
    va_end(args);
    if (length > 0) put(in, line, (size_t)length < sizeof line ? (size_t)length : sizeof line - 1);
}

static void start_segment(inlining *in, size_t file_line, size_t header)
{
    cdpl_segment segment = {in->out.size, 0, file_line, header};
    if (in->nsegments > 0 && in->segments[in->nsegments - 1].begin == segment.begin) --in->nsegments;
    cdpl_append(in->context, &in->segments, &in->nsegments, sizeof segment, &segment);
}

static void put_line_directive(inlining *in, size_t line_number, const char *path)
{
    put_format(in, "#line %zu \"", line_number);
    for (const char *c = path; *c; ++c) {
        if (*c == '"' || *c == '\\') put(in, "\\", 1);
        put(in, c, 1);
    }
    put(in, "\"\n", 2);
}

static size_t first_copy_of(const inlining *in, const char *path)
{
    for (size_t h = 0; h < in->nheaders; ++h)
        if (in->headers[h].first == SIZE_MAX && strcmp(in->headers[h].path, path) == 0) return h;
    return SIZE_MAX;
}

/* The #include directive on a line, as clang's preprocessing record holds
 * it: the file it names, resolved as the preprocessor did (whatever the
 * include path), even where an include guard or #pragma once made it
 * include nothing. */
typedef struct directive_search {
    line l;
    char *included; /* real path; NULL until found */
} directive_search;

static enum CXVisitorResult find_directive(void *data, CXCursor cursor, CXSourceRange range)
{
    directive_search *search = data;
    unsigned offset = 0;
    clang_getSpellingLocation(clang_getRangeStart(range), NULL, NULL, NULL, &offset);
    if (offset < search->l.begin || offset >= search->l.end) return CXVisit_Continue;
    CXFile included = clang_getIncludedFile(cursor);
    if (included != NULL) search->included = real_path_of(included);
    return CXVisit_Break;
}

/* For a line `#include ...` of the file `self` (NULL: the main file) that
 * clang did not report as an inclusion: the header already inlined that it
 * names, or SIZE_MAX. */
static size_t repeated_header(inlining *in, const char *self, const char *text, line l)
{
    if (directive_named(text, l, "include") == 0) return SIZE_MAX;
    const cdpl_unit *units[] = {&in->context->host, &in->context->device};
    for (size_t u = 0; u < sizeof units / sizeof *units; ++u) {
        CXFile file = self == NULL ? units[u]->main_file : clang_getFile(units[u]->tu, self);
        directive_search search = {l, NULL};
        if (file != NULL) clang_findIncludesInFile(units[u]->tu, file, (CXCursorAndRangeVisitor){&search, find_directive});
        size_t found = search.included != NULL ? first_copy_of(in, search.included) : SIZE_MAX;
        free(search.included);
        if (found != SIZE_MAX) return found;
    }
    return SIZE_MAX;
}

static bool add_header(inlining *in, cdpl_header *header)
{
    if (!cdpl_append(in->context, &in->headers, &in->nheaders, sizeof *header, header)) {
        free(header->name);
        free(header->path);
        free(header->directive);
        in->failed = true;
        return false;
    }
    return true;
}

static void put_file(inlining *in, const char *text, size_t size, size_t header, int depth);

/* The header that inclusion `i` brings in, in place of line `l` of the
 * file `header` (SIZE_MAX: the main file) at line number `number`. */
static void inline_header(inlining *in, const inclusion *i, const char *text, line l, size_t number, size_t header,
                          int depth)
{
    size_t size = 0;
    char *body = read_file(i->path, &size);
    size_t first = first_copy_of(in, i->path);
    cdpl_header entry = {.name = strdup(i->name),
                         .path = strdup(i->path),
                         .parent = header,
                         .first = SIZE_MAX,
                         .pragma_once = body != NULL && has_pragma_once(body, size),
                         .region = {in->out.size, 0},
                         .directive = malloc(l.end - l.begin + 1)};
    if (body == NULL || entry.name == NULL || entry.path == NULL || entry.directive == NULL) {
        free(body);
        free(entry.name);
        free(entry.path);
        free(entry.directive);
        in->failed = true;
        return;
    }
    memcpy(entry.directive, text + l.begin, l.end - l.begin);
    entry.directive[l.end - l.begin] = '\0';
    size_t index = in->nheaders;
    if (!add_header(in, &entry)) {
        free(body);
        return;
    }
    size_t guard = first != SIZE_MAX ? first : index;
    if (entry.pragma_once) put_format(in, "#ifndef CDPL_ONCE_%zu\n#define CDPL_ONCE_%zu\n", guard, guard);
    put_line_directive(in, 1, i->path);
    start_segment(in, 1, index);
    put_file(in, body, size, index, depth + 1);
    free(body);
    if (in->out.size > 0 && in->out.bytes[in->out.size - 1] != '\n') put(in, "\n", 1);
    if (entry.pragma_once) put(in, "#endif\n", 7);
    in->headers[index].resume.begin = in->out.size;
    put_line_directive(in, number + 1, header == SIZE_MAX ? in->main_path : in->headers[header].path);
    in->headers[index].region.end = in->headers[index].resume.end = in->out.size;
    in->headers[index].resume_line = (unsigned)(number + 1);
}

/* The inclusion clang reported on line `l` of the file `includer`. */
static const inclusion *inclusion_on(const inlining *in, const char *includer, const char *text, line l)
{
    for (size_t i = 0; i < in->ninclusions; ++i) {
        const inclusion *candidate = &in->inclusions[i];
        if (!same_includer(candidate->includer, includer) || candidate->offset < l.begin ||
            candidate->offset >= l.end || directive_named(text, l, "include") == 0)
            continue;
        return candidate;
    }
    return NULL;
}

static void drop_repeat(inlining *in, const char *text, line l, size_t header, size_t first)
{
    cdpl_header entry = {.name = strdup(in->headers[first].name),
                         .path = strdup(in->headers[first].path),
                         .parent = header,
                         .first = first,
                         .pragma_once = in->headers[first].pragma_once,
                         .region = {in->out.size, in->out.size + 1},
                         .directive = malloc(l.end - l.begin + 1)};
    if (entry.name == NULL || entry.path == NULL || entry.directive == NULL) {
        free(entry.name);
        free(entry.path);
        free(entry.directive);
        in->failed = true;
        return;
    }
    memcpy(entry.directive, text + l.begin, l.end - l.begin);
    entry.directive[l.end - l.begin] = '\0';
    if (add_header(in, &entry)) put(in, "\n", 1);
}

/* Copies the file's text, inlining the headers its lines include. */
static void put_file(inlining *in, const char *text, size_t size, size_t header, int depth)
{
    const char *self = header == SIZE_MAX ? NULL : in->headers[header].path;
    size_t number = 1, copied = 0;
    for (size_t at = 0; at < size && !in->failed; ++number) {
        line l = line_from(text, size, at);
        const inclusion *included = depth < 64 ? inclusion_on(in, self, text, l) : NULL;
        size_t repeat = included == NULL ? repeated_header(in, self, text, l) : SIZE_MAX;
        bool once = header != SIZE_MAX && is_pragma_once(text, l);
        if (included != NULL || repeat != SIZE_MAX || once) {
            put(in, text + copied, l.begin - copied);
            if (included != NULL) {
                inline_header(in, included, text, l, number, header, depth);
                start_segment(in, number + 1, header);
            } else if (repeat != SIZE_MAX) {
                drop_repeat(in, text, l, header, repeat);
            } else {
                put(in, "\n", 1);
            }
            copied = l.end;
        }
        at = l.end;
    }
    put(in, text + copied, size - copied);
}

/* The 0-based source line of each segment's first byte. */
static void number_segments(cdpl_model *model, cdpl_segment *segments, size_t count)
{
    for (size_t s = 0; s < count; ++s) {
        size_t low = 0, high = model->nlines;
        while (high - low > 1) {
            size_t middle = low + (high - low) / 2;
            if (model->line_starts[middle] <= segments[s].begin) low = middle;
            else high = middle;
        }
        segments[s].line = low;
    }
}

static void free_inclusions(inlining *in)
{
    for (size_t i = 0; i < in->ninclusions; ++i) {
        free(in->inclusions[i].includer);
        free(in->inclusions[i].path);
        free(in->inclusions[i].name);
    }
    free(in->inclusions);
}

static bool is_preprocessor_error(CXDiagnostic diagnostic)
{
    CXString category = clang_getDiagnosticCategoryText(diagnostic);
    bool preprocessor = strcmp(clang_getCString(category), "Lexical or Preprocessor Issue") == 0;
    clang_disposeString(category);
    return preprocessor;
}

/* A header the preprocessor could not read as it should (an include
 * cycle, an #if left open, a file not found) cannot be read into the
 * source as it is, and clang may have stopped after too many errors: the
 * analysis of this parse reports the errors as they are. Other errors, in
 * a header too, are reported after the headers are read in, at their place
 * in the header. */
static bool headers_failed(const cdpl_unit *unit)
{
    bool failed = false;
    unsigned count = clang_getNumDiagnostics(unit->tu);
    for (unsigned d = 0; d < count && !failed; ++d) {
        CXDiagnostic diagnostic = clang_getDiagnostic(unit->tu, d);
        enum CXDiagnosticSeverity severity = clang_getDiagnosticSeverity(diagnostic);
        CXSourceLocation location = clang_getDiagnosticLocation(diagnostic);
        size_t offset = 0;
        failed = severity == CXDiagnostic_Fatal ||
                 (severity == CXDiagnostic_Error && !cdpl_main_offset(unit, location, &offset) &&
                  !clang_Location_isInSystemHeader(location) && is_preprocessor_error(diagnostic));
        clang_disposeDiagnostic(diagnostic);
    }
    return failed;
}

bool cdpl_inline_user_headers(cdpl_context *context)
{
    cdpl_model *model = context->model;
    if (headers_failed(&context->host)) return false;
    char *main_path = realpath(model->main_file, NULL);
    inlining in = {.context = context, .main_path = main_path != NULL ? main_path : model->main_file};
    inclusion_walk host = {&in, &context->host}, device = {&in, &context->device};
    clang_getInclusions(context->host.tu, add_inclusion, &host);
    clang_getInclusions(context->device.tu, add_inclusion, &device);
    if (in.ninclusions > 0 && !in.failed) {
        start_segment(&in, 1, SIZE_MAX);
        put_file(&in, model->source, model->source_size, SIZE_MAX, 0);
    }
    bool changed = in.nheaders > 0 && !in.failed;
    if (changed) {
        /* What was read stays the original, whatever came before. */
        if (model->original == NULL) {
            model->original = model->source;
            model->original_size = model->source_size;
        } else {
            free(model->source);
        }
        model->source_size = in.out.size;
        model->source = in.out.bytes;
        model->headers = in.headers;
        model->nheaders = in.nheaders;
        if (model->source == NULL || !cdpl_model_index_lines(model)) {
            context->out_of_memory = true;
        } else {
            number_segments(model, in.segments, in.nsegments);
            model->segments = in.segments;
            model->nsegments = in.nsegments;
            in.segments = NULL;
        }
    } else {
        for (size_t h = 0; h < in.nheaders; ++h) {
            free(in.headers[h].name);
            free(in.headers[h].path);
            free(in.headers[h].directive);
        }
        free(in.headers);
        free(in.out.bytes);
        if (in.failed) context->out_of_memory = true;
    }
    free(in.segments);
    free_inclusions(&in);
    free(main_path);
    return changed && model->source != NULL;
}
