/* The include search of the parse, as clang makes it in GCC's manner: a
 * quoted name in the includer's directory first, then in the -iquote
 * directories; both kinds then in the -I directories, then in the system
 * ones. What is found in a system directory is a system header. */
#define _XOPEN_SOURCE 700
#include "include_search.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "paths.h"

#ifndef CDPL_STUB_INCLUDE_DIR
#error "CDPL_STUB_INCLUDE_DIR must name the directory holding texture_fetch_functions.h"
#endif

const char *cdpl_search_directory(const cdpl_parse_options *options, size_t *at, cdpl_search_kind *kind)
{
    static const struct {
        const char *flag;
        cdpl_search_kind kind;
    } flags[] = {{"-I", CDPL_SEARCH_USER},
                 {"-iquote", CDPL_SEARCH_QUOTE},
                 {"-isystem", CDPL_SEARCH_SYSTEM},
                 {"-idirafter", CDPL_SEARCH_AFTER}};
    const char *argument = options->extra_args[*at];
    for (size_t f = 0; f < sizeof flags / sizeof *flags; ++f) {
        size_t length = strlen(flags[f].flag);
        if (strncmp(argument, flags[f].flag, length) != 0) continue;
        *kind = flags[f].kind;
        if (argument[length] != '\0') return argument + length;
        return *at + 1 < options->nextra_args ? options->extra_args[++*at] : NULL;
    }
    return NULL;
}

static bool add_path(cdpl_include_search *search, const char *directory, bool system, bool quotes_only)
{
    cdpl_search_path *grown = realloc(search->paths, (search->count + 1) * sizeof *grown);
    if (grown == NULL) return false;
    search->paths = grown;
    char *copy = strdup(directory);
    if (copy == NULL) return false;
    search->paths[search->count++] = (cdpl_search_path){copy, system, quotes_only};
    return true;
}

static bool same_directory(const char *a, const char *b)
{
    struct stat first, second;
    return stat(a, &first) == 0 && stat(b, &second) == 0 && first.st_dev == second.st_dev &&
           first.st_ino == second.st_ino;
}

/* Adds the directories of one kind given by arguments, in their order. */
static bool add_arguments(cdpl_include_search *search, const cdpl_parse_options *options, cdpl_search_kind wanted)
{
    for (size_t a = 0; a < options->nextra_args; ++a) {
        cdpl_search_kind kind = CDPL_SEARCH_USER;
        const char *directory = cdpl_search_directory(options, &a, &kind);
        if (directory != NULL && kind == wanted &&
            !add_path(search, directory, kind == CDPL_SEARCH_SYSTEM || kind == CDPL_SEARCH_AFTER,
                      kind == CDPL_SEARCH_QUOTE))
            return false;
    }
    return true;
}

bool cdpl_include_search_make(const cdpl_parse_options *options, cdpl_include_search *search)
{
    *search = (cdpl_include_search){0};
    const char *cuda_path = options->cuda_path != NULL ? options->cuda_path : "/usr/local/cuda";
    char *cuda_include = cdpl_joined_path(cuda_path, "include", strlen("include"));
    char *cccl_include = cdpl_joined_path(cuda_path, "include/cccl", strlen("include/cccl"));
    bool made = cuda_include != NULL && cccl_include != NULL && add_arguments(search, options, CDPL_SEARCH_QUOTE) &&
                add_arguments(search, options, CDPL_SEARCH_USER);
    size_t user_end = search->count;
    made = made && add_arguments(search, options, CDPL_SEARCH_SYSTEM) && add_path(search, cuda_include, true, false) &&
           add_path(search, cccl_include, true, false) &&
           add_path(search, options->stub_include_dir != NULL ? options->stub_include_dir : CDPL_STUB_INCLUDE_DIR,
                    true, false) &&
           add_arguments(search, options, CDPL_SEARCH_AFTER);
    free(cuda_include);
    free(cccl_include);
    if (!made) {
        cdpl_include_search_free(search);
        return false;
    }
    /* An -I directory that is a system directory too is searched as one. */
    for (size_t u = 0; u < user_end; ++u)
        for (size_t s = user_end; s < search->count && !search->paths[u].system; ++s)
            if (same_directory(search->paths[u].directory, search->paths[s].directory)) search->paths[u].system = true;
    return true;
}

void cdpl_include_search_free(cdpl_include_search *search)
{
    for (size_t p = 0; p < search->count; ++p) free(search->paths[p].directory);
    free(search->paths);
    *search = (cdpl_include_search){0};
}

/* Whether `candidate` is what the search stops at: it exists and is no directory. */
static bool stops_at(const char *candidate)
{
    struct stat status;
    return stat(candidate, &status) == 0 && !S_ISDIR(status.st_mode);
}

/* `directory`/`name` when the search stops there; NULL otherwise, and on
 * *no_memory when out of memory. */
static char *candidate_in(const char *directory, const char *name, size_t length, bool *no_memory)
{
    char *candidate = cdpl_joined_path(directory, name, length);
    if (candidate == NULL) *no_memory = true;
    if (candidate != NULL && !stops_at(candidate)) {
        free(candidate);
        candidate = NULL;
    }
    return candidate;
}

cdpl_include_found cdpl_include_find(const cdpl_include_search *search, const char *name, size_t length, bool angled,
                                     const char *includer_directory, char **path)
{
    bool no_memory = false;
    if (name[0] == '/') {
        *path = strndup(name, length);
        if (*path == NULL) return CDPL_INCLUDE_NO_MEMORY;
        if (stops_at(*path)) return CDPL_INCLUDE_USER;
        free(*path);
        *path = NULL;
        return CDPL_INCLUDE_NOWHERE;
    }
    *path = angled ? NULL : candidate_in(includer_directory, name, length, &no_memory);
    for (size_t p = 0; *path == NULL && !no_memory && p < search->count; ++p) {
        if (angled && search->paths[p].quotes_only) continue;
        *path = candidate_in(search->paths[p].directory, name, length, &no_memory);
        if (*path != NULL && search->paths[p].system) {
            free(*path);
            *path = NULL;
            return CDPL_INCLUDE_SYSTEM;
        }
    }
    if (no_memory) return CDPL_INCLUDE_NO_MEMORY;
    return *path != NULL ? CDPL_INCLUDE_USER : CDPL_INCLUDE_NOWHERE;
}
