/* Where the parse finds an included file, for the textual walks of include
 * lines (special_includes.c, quick_scan.c), which must look where clang
 * looks without running it. */
#ifndef CDPL_INCLUDE_SEARCH_H
#define CDPL_INCLUDE_SEARCH_H

#include <stdbool.h>
#include <stddef.h>

#include "analyse.h"

typedef enum cdpl_search_kind {
    CDPL_SEARCH_QUOTE,  /* -iquote: for quoted names only */
    CDPL_SEARCH_USER,   /* -I */
    CDPL_SEARCH_SYSTEM, /* -isystem */
    CDPL_SEARCH_AFTER   /* -idirafter: system directories searched last */
} cdpl_search_kind;

/* The directory that extra_args[*at] adds to the include search (-Idir or
 * -I dir, and the same for -iquote, -isystem, -idirafter), stepping *at
 * over a separate value; NULL for any other argument. */
const char *cdpl_search_directory(const cdpl_parse_options *options, size_t *at, cdpl_search_kind *kind);

typedef struct cdpl_search_path {
    char *directory;
    bool system;
    bool quotes_only; /* -iquote */
} cdpl_search_path;

/* The directories in the order clang searches them: -iquote, -I (but for
 * one that is a system directory too, which clang takes as one), then the
 * system directories: -isystem, the CUDA toolkit's, the parse's stubs,
 * -idirafter. The compiler's and the C++ library's own are not known. */
typedef struct cdpl_include_search {
    cdpl_search_path *paths;
    size_t count;
} cdpl_include_search;

/* False when out of memory. */
bool cdpl_include_search_make(const cdpl_parse_options *options, cdpl_include_search *search);
void cdpl_include_search_free(cdpl_include_search *search);

typedef enum cdpl_include_found {
    CDPL_INCLUDE_USER,      /* *path: where, as the search composed it */
    CDPL_INCLUDE_SYSTEM,    /* in a system directory */
    CDPL_INCLUDE_NOWHERE,   /* in none of the directories known */
    CDPL_INCLUDE_NO_MEMORY
} cdpl_include_found;

/* Looks for `name` (`length` bytes) as `#include "name"` (angled false, from
 * a file of `includer_directory`) or `#include <name>` does: the first
 * candidate that exists and is not a directory. */
cdpl_include_found cdpl_include_find(const cdpl_include_search *search, const char *name, size_t length, bool angled,
                                     const char *includer_directory, char **path);

#endif
