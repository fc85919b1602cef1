/* Where the parse finds an included file, for the textual walks of include
 * lines (special_includes.c), which must look where clang looks without
 * running it. */
#ifndef CDPL_INCLUDE_SEARCH_H
#define CDPL_INCLUDE_SEARCH_H

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

#endif
