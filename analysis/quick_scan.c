/* The quick scan: the file, the user headers it includes (found as the
 * parse finds them; system headers are never read, as lowering never
 * rewrites them) and the macros of the command line, read twice as tokens.
 * The first reading gathers the files and their macros; the second follows
 * the code through scopes (scan_scopes.h) with the marks of every macro
 * (scan_macros.h). Every branch of every #if is read, but for `#if 0`. */
#define _XOPEN_SOURCE 700
#include "quick_scan.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "include_search.h"
#include "paths.h"
#include "regular_files.h"
#include "scan_kernel_names.h"
#include "scan_macros.h"
#include "scan_scopes.h"

/* Enough for a project's own headers; beyond, the parse decides. */
enum { most_files = 512, most_include_depth = 200 };
/* Tokens read in the second reading, a header read again in each body that
 * includes it: beyond, the parse decides. */
static const size_t most_tokens = 100000000;

typedef struct scan_file {
    char *path;              /* as the search composed it, for reasons */
    char *real;              /* what tells files apart */
    char *directory;         /* where its quoted includes are looked for first */
    cdpl_scan_text text;
    bool reading;            /* on the include stack: including it now is a cycle */
    unsigned gathered;       /* first reading: 1, read outside a CUDA_ARCH #if; 2, inside one */
    /* Second reading: read between declarations once, and left the walk
     * there: reading it there again finds the same. */
    bool read_between_declarations;
} scan_file;

/* An #if and its branches. */
typedef struct group {
    cdpl_scope_mark mark;    /* where it began */
    bool arch;               /* a condition of it tells device code from host code */
    bool skipping;           /* the branch being read is not compiled: `#if 0`, or after `#if 1` */
    bool decided;            /* a branch was `#if 1`: the later ones are not compiled */
    bool outer_skipping;     /* the whole #if is in a branch that is not compiled */
} group;

typedef struct scan {
    cdpl_context context;    /* for out of memory */
    cdpl_include_search search;
    cdpl_macro_table macros;
    cdpl_scan_text command_line; /* the -D macros, as #define lines */
    scan_file *files;        /* files[0] is the input */
    size_t nfiles;
    bool second;             /* the second reading: code counts */
    cdpl_scope_walk walk;
    cdpl_kernel_names kernels;   /* gathered in the first reading */
    /* In a body: the token before named a kernel of another file
     * (scan_kernel_names.h); a use of it but a <<<>>> launch needs lowering. */
    bool foreign_kernel_pending;
    cdpl_scan_token foreign_kernel;
    /* In device code: the token before is a macro no file read defines
     * (a system header's); called, it may expand to a launch. */
    bool unknown_macro_pending;
    cdpl_scan_token unknown_macro;
    group *groups;
    size_t ngroups;
    size_t depth;            /* includes being read */
    size_t tokens;           /* read in the second reading */
    cdpl_scan_token *line;   /* the directive being read */
    size_t nline;
    char *reason;
    bool parse;              /* the parse is needed: `reason` says why */
} scan;

static void needs_parse(scan *s, const char *file, unsigned line, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

static void needs_parse(scan *s, const char *file, unsigned line, const char *format, ...)
{
    if (s->parse) return;
    s->parse = true;
    char message[512];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, sizeof message, format, arguments);
    va_end(arguments);
    size_t size = (file != NULL ? strlen(file) : 0) + sizeof message + 32;
    s->reason = malloc(size);
    if (s->reason == NULL)
        s->context.out_of_memory = true;
    else if (file != NULL)
        snprintf(s->reason, size, "%s:%u: %s", file, line, message);
    else
        snprintf(s->reason, size, "%s", message);
}

static bool stopped(const scan *s) { return s->parse || s->context.out_of_memory; }

static bool skipping(const scan *s) { return s->ngroups > 0 && s->groups[s->ngroups - 1].skipping; }

static bool in_arch_region(const scan *s)
{
    for (size_t g = 0; g < s->ngroups; ++g)
        if (s->groups[g].arch) return true;
    return false;
}

/* Only declaration scopes may close below where the innermost #if began. */
static void set_floor(scan *s)
{
    s->walk.floor = 0;
    for (size_t g = 0; g < s->ngroups; ++g)
        if (s->groups[g].mark.nscopes > s->walk.floor) s->walk.floor = s->groups[g].mark.nscopes;
}

/* ---- the command line and the environment ---- */

/* The first argument the scan does not know to change nothing it reads:
 * include directories, macros, forced includes, the standard, warnings,
 * optimization and code generation; NULL when there is none. */
static const char *unknown_argument(const cdpl_parse_options *options)
{
    static const char *const harmless_prefixes[] = {"-std=", "--std=", "-W", "-O", "-g", "-f", "-m"};
    static const char *const harmless[] = {"-w", "-pedantic", "-pedantic-errors", "-nocudalib"};
    for (size_t a = 0; a < options->nextra_args; ++a) {
        cdpl_search_kind kind;
        if (cdpl_search_directory(options, &a, &kind) != NULL) continue;
        const char *argument = options->extra_args[a];
        bool separate_value = strcmp(argument, "-D") == 0 || strcmp(argument, "-U") == 0 ||
                              strcmp(argument, "-include") == 0;
        if (separate_value && a + 1 < options->nextra_args) {
            ++a;
            continue;
        }
        if (!separate_value && (strncmp(argument, "-D", 2) == 0 || strncmp(argument, "-U", 2) == 0)) continue;
        /* What reaches the preprocessor or the include search otherwise. */
        if (strchr(argument, ',') != NULL || strncmp(argument, "-fmodule", 8) == 0 ||
            strncmp(argument, "-fms-", 5) == 0 || strcmp(argument, "-mllvm") == 0)
            return argument;
        bool known = false;
        for (size_t h = 0; h < sizeof harmless / sizeof *harmless && !known; ++h)
            known = strcmp(argument, harmless[h]) == 0;
        for (size_t p = 0; p < sizeof harmless_prefixes / sizeof *harmless_prefixes && !known; ++p)
            known = strncmp(argument, harmless_prefixes[p], strlen(harmless_prefixes[p])) == 0;
        if (!known) return argument;
    }
    return NULL;
}

/* Include directories clang takes from the environment. */
static const char *include_variable(void)
{
    static const char *const names[] = {"CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH", "OBJC_INCLUDE_PATH",
                                        "OBJCPLUS_INCLUDE_PATH"};
    for (size_t n = 0; n < sizeof names / sizeof *names; ++n) {
        const char *value = getenv(names[n]);
        if (value != NULL && value[0] != '\0') return names[n];
    }
    return NULL;
}

/* The -D macros as `#define NAME VALUE` lines, -DNAME as `#define NAME 1`,
 * each followed by an empty line, which a backslash ending it may join, and
 * with no line break of its own: only definitions are read there. */
static bool make_command_line(scan *s, const cdpl_parse_options *options)
{
    char *bytes = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&bytes, &size);
    if (out == NULL) return false;
    for (size_t a = 0; a < options->nextra_args; ++a) {
        const char *argument = options->extra_args[a];
        if (strncmp(argument, "-D", 2) != 0) continue;
        const char *macro = argument + 2;
        if (*macro == '\0') macro = a + 1 < options->nextra_args ? options->extra_args[++a] : "";
        fputs("#define ", out);
        for (const char *c = macro; *c != '\0'; ++c)
            fputc(*c == '=' && strchr(macro, '=') == c ? ' ' : *c == '\n' || *c == '\r' ? ' ' : *c, out);
        fputs(strchr(macro, '=') != NULL ? "\n\n" : " 1\n\n", out);
    }
    bool made = fclose(out) == 0 && cdpl_scan_text_make(bytes, size, &s->command_line);
    free(bytes);
    return made;
}

/* ---- files ---- */

static bool add_file(scan *s, const char *path, const char *real, const char *bytes, size_t size, size_t *index)
{
    scan_file file = {.path = strdup(path), .real = strdup(real), .directory = cdpl_directory_of(path)};
    bool made = file.path != NULL && file.real != NULL && file.directory != NULL &&
                cdpl_scan_text_make(bytes, size, &file.text);
    if (made && cdpl_append(&s->context, &s->files, &s->nfiles, sizeof file, &file)) {
        *index = s->nfiles - 1;
        return true;
    }
    s->context.out_of_memory = true;
    free(file.path);
    free(file.real);
    free(file.directory);
    cdpl_scan_text_free(&file.text);
    return false;
}

/* The file at `path`, read once; SIZE_MAX when it cannot be (the scan then
 * needs the parse, which says what is wrong with it). */
static size_t file_at(scan *s, const char *path, const char *includer, unsigned line)
{
    char *real = realpath(path, NULL);
    if (real == NULL) {
        needs_parse(s, includer, line, "cannot find the real path of '%s'", path);
        return SIZE_MAX;
    }
    size_t index = SIZE_MAX;
    for (size_t f = 0; f < s->nfiles && index == SIZE_MAX; ++f)
        if (strcmp(s->files[f].real, real) == 0) index = f;
    if (index == SIZE_MAX && s->nfiles >= most_files) {
        needs_parse(s, includer, line, "'%s' is one file more than the scan reads", path);
    } else if (index == SIZE_MAX) {
        /* A FIFO or a device is for the parse to refuse. */
        char *bytes = NULL;
        size_t size = 0;
        cdpl_read_status status = cdpl_read_regular_file(path, &bytes, &size);
        if (status == CDPL_READ_NO_MEMORY) s->context.out_of_memory = true;
        if (status == CDPL_READ_DONE) add_file(s, path, real, bytes, size, &index);
        else needs_parse(s, includer, line, "cannot read '%s' as a regular file", path);
        free(bytes);
    }
    free(real);
    return index;
}

static void read_file(scan *s, size_t index);

/* Reads an included file where it is included. */
static void enter(scan *s, size_t index, const char *includer, unsigned line)
{
    scan_file *file = &s->files[index];
    if (file->reading) return; /* a cycle: a guard stops it, or the parse says what is wrong */
    if (s->depth >= most_include_depth) {
        needs_parse(s, includer, line, "includes nest deeper than %d", most_include_depth);
        return;
    }
    bool between = s->second && cdpl_scope_walk_between_declarations(&s->walk) && !in_arch_region(s);
    if (!s->second) {
        unsigned visit = in_arch_region(s) ? 2 : 1;
        if (file->gathered & visit) return;
        file->gathered |= visit;
    } else if (between && file->read_between_declarations) {
        return;
    }
    size_t scopes = s->walk.nscopes;
    ++s->depth;
    read_file(s, index);
    --s->depth;
    if (between)
        s->files[index].read_between_declarations =
            cdpl_scope_walk_between_declarations(&s->walk) && s->walk.nscopes == scopes;
}

/* Reads what `#include "name"` (or <name>, `angled`) of a file of
 * `directory` finds: a user header, where it is included. `forced`: a
 * file of -include, which is searched as "name" is, but found nowhere
 * known is the compiler's or the C++ library's (-include functional), as
 * <name> is. */
static void include_name(scan *s, const char *name, size_t length, bool angled, bool forced,
                         const char *directory, const char *includer, unsigned line)
{
    char *path = NULL;
    switch (cdpl_include_find(&s->search, name, length, angled, directory, &path)) {
    case CDPL_INCLUDE_NO_MEMORY:
        s->context.out_of_memory = true;
        return;
    case CDPL_INCLUDE_SYSTEM:
        return;
    case CDPL_INCLUDE_NOWHERE:
        /* <...> found nowhere known is the compiler's or the C++ library's. */
        if (!angled && !forced)
            needs_parse(s, includer, line, "\"%.*s\" is in none of the include directories known", (int)length,
                        name);
        return;
    case CDPL_INCLUDE_USER:
        break;
    }
    size_t index = cdpl_is_runtime_header(path) ? SIZE_MAX : file_at(s, path, includer, line);
    free(path);
    if (index != SIZE_MAX) enter(s, index, includer, line);
}

static void include(scan *s, size_t includer, unsigned line)
{
    const char *includer_path = s->files[includer].path;
    if (s->nline < 2 || s->line[1].kind != CDPL_SCAN_HEADER_NAME) {
        needs_parse(s, includer_path, line, "an #include whose name a macro gives");
        return;
    }
    const cdpl_scan_token *name = &s->line[1];
    include_name(s, name->text + 1, name->length - 2, name->text[0] == '<', false, s->files[includer].directory,
                 includer_path, line);
}

/* ---- conditionals ---- */

static bool is_constant(const cdpl_scan_token *condition, size_t count, const char *value)
{
    return count == 1 && condition->kind == CDPL_SCAN_LITERAL && cdpl_scan_token_is(condition, value);
}

static bool tests_arch(const scan *s, const cdpl_scan_token *condition, size_t count)
{
    for (size_t t = 0; t < count; ++t)
        if (cdpl_token_marks(&s->macros, &condition[t]) & CDPL_MARK_ARCH) return true;
    return false;
}

static void open_group(scan *s, bool is_if)
{
    const cdpl_scan_token *condition = s->line + 1;
    size_t count = s->nline - 1;
    group opened = {cdpl_scope_walk_mark(&s->walk), false, skipping(s), false, skipping(s)};
    if (!opened.outer_skipping) {
        opened.arch = tests_arch(s, condition, count);
        opened.skipping = is_if && is_constant(condition, count, "0");
        opened.decided = is_if && is_constant(condition, count, "1");
    }
    if (cdpl_append(&s->context, &s->groups, &s->ngroups, sizeof opened, &opened)) set_floor(s);
}

/* `#elif`, `#else` (condition NULL) and `#endif` (end true). */
static void next_branch(scan *s, size_t file, unsigned line, const cdpl_scan_token *condition, size_t count, bool end)
{
    if (s->ngroups == 0) {
        needs_parse(s, s->files[file].path, line, "an #elif, #else or #endif without #if");
        return;
    }
    group *current = &s->groups[s->ngroups - 1];
    if (current->outer_skipping) {
        if (end) --s->ngroups;
        return;
    }
    if (s->second && !current->skipping) cdpl_scope_walk_branch_end(&s->walk, &current->mark);
    if (end) {
        --s->ngroups;
        set_floor(s);
        return;
    }
    if (condition != NULL) current->arch |= tests_arch(s, condition, count);
    current->skipping = current->decided || (condition != NULL && is_constant(condition, count, "0"));
    current->decided |= condition != NULL && is_constant(condition, count, "1");
}

/* ---- reading ---- */

static bool directive_is(const scan *s, const char *name)
{
    return s->nline > 0 && cdpl_scan_token_is(&s->line[0], name);
}

static void directive(scan *s, size_t file, unsigned line)
{
    if (s->nline == 0 || s->line[0].kind != CDPL_SCAN_IDENTIFIER) return; /* `#` alone, or `# 12 "file"` */
    if (directive_is(s, "if") || directive_is(s, "ifdef") || directive_is(s, "ifndef"))
        open_group(s, directive_is(s, "if"));
    else if (directive_is(s, "elif") || directive_is(s, "elifdef") || directive_is(s, "elifndef"))
        next_branch(s, file, line, s->line + 1, s->nline - 1, false);
    else if (directive_is(s, "else"))
        next_branch(s, file, line, NULL, 0, false);
    else if (directive_is(s, "endif"))
        next_branch(s, file, line, NULL, 0, true);
    else if (skipping(s))
        return;
    else if (directive_is(s, "define") && !s->second)
        cdpl_macros_define(&s->context, &s->macros, s->line + 1, s->nline - 1, in_arch_region(s));
    else if (directive_is(s, "include") || directive_is(s, "import"))
        include(s, file, line);
    else if (directive_is(s, "include_next"))
        needs_parse(s, s->files[file].path, line, "#include_next");
}

/* Host code that uses a kernel of another file other than by a <<<>>>
 * launch, or calls cudaLaunchKernel (whose function may be one), asks the
 * runtime once lowered (cdpl_host_names.cuh). Device code that calls a
 * macro of a system header may launch through it (a launch macro of a
 * library), which only the parse sees. */
static void note_kernel_use(scan *s, const char *path, const cdpl_scan_token *token, unsigned marks)
{
    if (s->foreign_kernel_pending && !cdpl_scan_token_opens_launch(token))
        needs_parse(s, path, s->foreign_kernel.line, "'%.*s', a kernel of another file, is used other than by <<<>>>",
                    (int)s->foreign_kernel.length, s->foreign_kernel.text);
    if (s->unknown_macro_pending && cdpl_scan_token_is(token, "("))
        needs_parse(s, path, s->unknown_macro.line, "'%.*s', a macro no file read defines, is called in device code",
                    (int)s->unknown_macro.length, s->unknown_macro.text);
    s->foreign_kernel_pending = false;
    s->unknown_macro_pending = false;
    if (s->walk.body == SIZE_MAX) return;
    if ((marks & CDPL_MARK_UNKNOWN) && s->walk.scopes[s->walk.body].device &&
        !cdpl_scope_walk_names_function(&s->walk, token)) {
        s->unknown_macro_pending = true;
        s->unknown_macro = *token;
    }
    if (cdpl_scan_token_is(token, "cudaLaunchKernel"))
        needs_parse(s, path, token->line, "cudaLaunchKernel may launch a kernel of another file");
    else if (cdpl_kernel_names_is_foreign(&s->kernels, token)) {
        s->foreign_kernel_pending = true;
        s->foreign_kernel = *token;
    }
}

static void read_text(scan *s, const cdpl_scan_text *text, size_t file)
{
    const char *path = file != SIZE_MAX ? s->files[file].path : "<command line>";
    size_t groups = s->ngroups;
    cdpl_scan_lexer lexer;
    cdpl_scan_lexer_start(&lexer, text);
    cdpl_scan_token token;
    while (!stopped(s) && cdpl_scan_next(&lexer, &token)) {
        if (token.kind == CDPL_SCAN_DIRECTIVE) {
            unsigned line = token.line;
            s->nline = 0;
            while (cdpl_scan_next(&lexer, &token) && token.kind != CDPL_SCAN_END_OF_DIRECTIVE)
                if (!cdpl_append(&s->context, &s->line, &s->nline, sizeof token, &token)) return;
            if (lexer.problem == NULL) directive(s, file, line);
            continue;
        }
        if (skipping(s)) continue;
        if (!s->second) {
            cdpl_kernel_names_read(&s->kernels, &s->context, &token);
            continue;
        }
        if (++s->tokens > most_tokens) {
            needs_parse(s, path, token.line, "more tokens than the scan reads");
            return;
        }
        const unsigned marks = cdpl_token_marks(&s->macros, &token);
        cdpl_scope_walk_token(&s->walk, &token, marks, in_arch_region(s));
        note_kernel_use(s, path, &token, marks);
        if (s->walk.problem != NULL)
            needs_parse(s, path, s->walk.at.line, "'%.*s' %s", (int)s->walk.at.length, s->walk.at.text,
                        s->walk.problem);
    }
    if (lexer.problem != NULL)
        needs_parse(s, path, lexer.problem_line, "cannot read it as tokens: %s", lexer.problem);
    else if (!stopped(s) && s->ngroups != groups)
        needs_parse(s, path, lexer.line, "an #if that the file does not end");
}

static void read_file(scan *s, size_t index)
{
    s->files[index].reading = true;
    /* The text stays where it is while the array of files grows. */
    const cdpl_scan_text *text = &s->files[index].text;
    cdpl_scan_text copy = *text;
    read_text(s, &copy, index);
    s->files[index].reading = false;
}

/* Reads the files forced by -include (found from the working directory
 * first, as clang does), then the input. */
static void read_all(scan *s, const cdpl_parse_options *options)
{
    for (size_t a = 0; a + 1 < options->nextra_args && !stopped(s); ++a)
        if (strcmp(options->extra_args[a], "-include") == 0) {
            const char *name = options->extra_args[++a];
            include_name(s, name, strlen(name), false, true, ".", "<command line>", 0);
        }
    if (!stopped(s)) {
        s->files[0].gathered = 1;
        read_file(s, 0);
    }
}

static void free_scan(scan *s)
{
    for (size_t f = 0; f < s->nfiles; ++f) {
        free(s->files[f].path);
        free(s->files[f].real);
        free(s->files[f].directory);
        cdpl_scan_text_free(&s->files[f].text);
    }
    free(s->files);
    free(s->groups);
    free(s->line);
    cdpl_include_search_free(&s->search);
    cdpl_macros_free(&s->macros);
    cdpl_scan_text_free(&s->command_line);
    cdpl_scope_walk_free(&s->walk);
    cdpl_kernel_names_free(&s->kernels);
}

static void decide(scan *s, const char *path, const char *bytes, size_t size, const cdpl_parse_options *options)
{
    const char *argument = unknown_argument(options);
    const char *variable = include_variable();
    char *real = realpath(path, NULL);
    size_t input = SIZE_MAX;
    if (argument != NULL) {
        needs_parse(s, NULL, 0, "the parse argument '%s' may change what it reads", argument);
    } else if (variable != NULL) {
        needs_parse(s, NULL, 0, "%s adds include directories", variable);
    } else if (!cdpl_include_search_make(options, &s->search) || !make_command_line(s, options) ||
               !add_file(s, path, real != NULL ? real : path, bytes, size, &input)) {
        s->context.out_of_memory = true;
    }
    free(real);
    if (stopped(s)) return;
    read_text(s, &s->command_line, SIZE_MAX);
    read_all(s, options);
    if (stopped(s)) return;
    cdpl_macros_settle(&s->macros);
    s->second = true;
    if (!cdpl_scope_walk_start(&s->walk, &s->context)) return;
    read_all(s, options);
    cdpl_scope_walk_finish(&s->walk);
    if (s->walk.problem != NULL)
        needs_parse(s, path, s->walk.at.line, "'%.*s' %s", (int)s->walk.at.length, s->walk.at.text, s->walk.problem);
}

bool cdpl_quick_scan_source(const char *path, const char *bytes, size_t size, const cdpl_parse_options *options,
                            cdpl_quick_scan *result)
{
    *result = (cdpl_quick_scan){0};
    scan s = {0};
    decide(&s, path, bytes, size, options);
    bool built = !s.context.out_of_memory;
    result->unchanged = built && !s.parse;
    result->reason = s.reason;
    for (size_t f = 1; built && f < s.nfiles; ++f) {
        char *header = strdup(s.files[f].real);
        if (header == NULL || !cdpl_append(&s.context, &result->headers, &result->nheaders, sizeof header, &header)) {
            free(header);
            built = false;
        }
    }
    free_scan(&s);
    if (!built) cdpl_quick_scan_free(result);
    return built;
}

void cdpl_quick_scan_free(cdpl_quick_scan *scan)
{
    free(scan->reason);
    for (size_t h = 0; h < scan->nheaders; ++h) free(scan->headers[h]);
    free(scan->headers);
    *scan = (cdpl_quick_scan){0};
}

bool cdpl_quick_scan_model(const char *path, const cdpl_parse_options *options, cdpl_model *model)
{
    cdpl_quick_scan scan;
    bool unchanged = cdpl_quick_scan_source(path, model->source, model->source_size, options, &scan) && scan.unchanged;
    if (unchanged) {
        model->includes = scan.headers;
        model->nincludes = scan.nheaders;
        scan.headers = NULL;
        scan.nheaders = 0;
    }
    cdpl_quick_scan_free(&scan);
    return unchanged;
}
