/* Where the tool finds the runtime's headers and the parser's stub headers:
 * next to the executable in an installed tree, in the source tree otherwise. */
#ifndef CDPL_INSTALL_PATHS_H
#define CDPL_INSTALL_PATHS_H

#include <limits.h>

typedef struct cdpl_install_paths {
    char runtime_include[PATH_MAX]; /* holds cdpl.cuh */
    char parse_stubs[PATH_MAX];     /* holds the empty texture_fetch_functions.h */
} cdpl_install_paths;

/* Always succeeds: falls back to the source-tree directories. */
void cdpl_find_install_paths(cdpl_install_paths *paths);

#endif
