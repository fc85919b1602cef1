/* A textual walk of the include lines, only to find names that are not
 * regular files: libclang cannot be stopped once it opens one. */
#define _XOPEN_SOURCE 700
#include "special_includes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "diagnose.h"
#include "include_search.h"
#include "paths.h"
#include "regular_files.h"

/* Enough for any project's own headers; what lies beyond is left to libclang. */
enum { most_files_read = 512 };

typedef struct include_walk {
    cdpl_context *context;
    const cdpl_parse_options *options;
    char **seen; /* real paths of the files walked */
    size_t nseen;
    bool refused;
} include_walk;

static void walk_text(include_walk *walk, const char *text, size_t size, const char *path, const char *shown_file);

static size_t skip_blanks(const char *text, size_t at, size_t end)
{
    while (at < end && (text[at] == ' ' || text[at] == '\t')) ++at;
    return at;
}

static bool word_is(const char *text, size_t length, const char *word)
{
    return strlen(word) == length && memcmp(text, word, length) == 0;
}

static const char *kind_of(mode_t mode)
{
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

static bool seen_before(include_walk *walk, const char *real)
{
    for (size_t s = 0; s < walk->nseen; ++s)
        if (strcmp(walk->seen[s], real) == 0) return true;
    return false;
}

/* Walks the include lines of the regular file `path` too, once. */
static void walk_file(include_walk *walk, const char *path)
{
    if (walk->nseen >= most_files_read) return;
    char *real = realpath(path, NULL);
    if (real == NULL || seen_before(walk, real) ||
        !cdpl_append(walk->context, &walk->seen, &walk->nseen, sizeof real, &real)) {
        free(real);
        return;
    }
    char *text = NULL;
    size_t size = 0;
    cdpl_read_status status = cdpl_read_regular_file(path, &text, &size);
    if (status == CDPL_READ_NO_MEMORY) walk->context->out_of_memory = true;
    if (status == CDPL_READ_DONE) walk_text(walk, text, size, path, path);
    free(text);
}

/* True when `candidate` exists as something the preprocessor would take
 * (so the search stops there). */
static bool try_candidate(include_walk *walk, char *candidate, const char *name, size_t length, cdpl_loc loc)
{
    struct stat status;
    bool found = candidate != NULL && stat(candidate, &status) == 0 && !S_ISDIR(status.st_mode);
    if (candidate == NULL) walk->context->out_of_memory = true;
    if (found && S_ISREG(status.st_mode)) {
        walk_file(walk, candidate);
    } else if (found) {
        bool renamed = !word_is(candidate, strlen(candidate), "") && !word_is(name, length, candidate);
        cdpl_model_diagnose_in(walk->context->model, CDPL_ERROR, loc.file, (cdpl_loc){loc.line, loc.column, NULL},
                               "'%.*s'%s%s%s is %s, not a regular file: libclang would wait on it or read it "
                               "without end, so cdp-lower does not include it",
                               (int)length, name, renamed ? " (" : "", renamed ? candidate : "", renamed ? ")" : "",
                               kind_of(status.st_mode));
        walk->refused = true;
    }
    free(candidate);
    return found;
}

static void check_name(include_walk *walk, const char *name, size_t length, const char *quote_directory,
                       cdpl_loc loc)
{
    if (name[0] == '/') {
        try_candidate(walk, strndup(name, length), name, length, loc);
        return;
    }
    if (quote_directory != NULL &&
        try_candidate(walk, cdpl_joined_path(quote_directory, name, length), name, length, loc))
        return;
    for (size_t a = 0; a < walk->options->nextra_args && !walk->refused; ++a) {
        cdpl_search_kind kind;
        const char *directory = cdpl_search_directory(walk->options, &a, &kind);
        if (directory != NULL && try_candidate(walk, cdpl_joined_path(directory, name, length), name, length, loc))
            return;
    }
}

/* One line: `# include "name"`, `<name>`, or the same with include_next or import. */
static void check_line(include_walk *walk, const char *text, size_t begin, size_t end, unsigned line,
                       const char *directory, const char *shown_file)
{
    size_t at = skip_blanks(text, begin, end);
    if (at >= end || text[at] != '#') return;
    at = skip_blanks(text, at + 1, end);
    size_t word = at;
    while (at < end && (text[at] == '_' || (text[at] >= 'a' && text[at] <= 'z'))) ++at;
    if (!word_is(text + word, at - word, "include") && !word_is(text + word, at - word, "include_next") &&
        !word_is(text + word, at - word, "import"))
        return;
    at = skip_blanks(text, at, end);
    if (at >= end || (text[at] != '"' && text[at] != '<')) return;
    char close = text[at] == '"' ? '"' : '>';
    size_t name = at + 1, name_end = name;
    while (name_end < end && text[name_end] != close) ++name_end;
    if (name_end >= end || name_end == name) return;
    cdpl_loc loc = {line, (unsigned)(at - begin + 1), shown_file};
    check_name(walk, text + name, name_end - name, close == '"' ? directory : NULL, loc);
}

static void walk_text(include_walk *walk, const char *text, size_t size, const char *path, const char *shown_file)
{
    char *directory = cdpl_directory_of(path);
    if (directory == NULL) {
        walk->context->out_of_memory = true;
        return;
    }
    unsigned line = 1;
    for (size_t begin = 0; begin < size && !walk->refused; ++line) {
        size_t end = begin;
        while (end < size && text[end] != '\n') ++end;
        check_line(walk, text, begin, end, line, directory, shown_file);
        begin = end + 1;
    }
    free(directory);
}

bool cdpl_check_special_includes(cdpl_context *context, const char *path, const cdpl_parse_options *options)
{
    include_walk walk = {context, options, NULL, 0, false};
    /* -include FILE is an include the command line makes. */
    for (size_t a = 0; a + 1 < options->nextra_args && !walk.refused; ++a)
        if (strcmp(options->extra_args[a], "-include") == 0) {
            const char *name = options->extra_args[++a];
            check_name(&walk, name, strlen(name), ".", (cdpl_loc){0, 0, NULL});
        }
    if (!walk.refused) walk_text(&walk, context->model->source, context->model->source_size, path, NULL);
    for (size_t s = 0; s < walk.nseen; ++s) free(walk.seen[s]);
    free(walk.seen);
    return !walk.refused;
}
