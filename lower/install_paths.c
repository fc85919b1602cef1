/* An installed tree is relocatable: the headers are found relative to the
 * executable itself, so moving the whole prefix keeps it working. The build
 * tree has no such layout next to its executable and uses the sources. */
#define _XOPEN_SOURCE 700
#include "install_paths.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if !defined(CDPL_SOURCE_RUNTIME_INCLUDE_DIR) || !defined(CDPL_SOURCE_PARSE_STUBS_DIR) || \
    !defined(CDPL_INSTALLED_RUNTIME_INCLUDE_DIR) || !defined(CDPL_INSTALLED_PARSE_STUBS_DIR)
#error "lower/CMakeLists.txt defines where the headers are, in the source tree and relative to bin/"
#endif

static bool file_exists(const char *directory, const char *name)
{
    char path[PATH_MAX];
    int length = snprintf(path, sizeof path, "%s/%s", directory, name);
    return length > 0 && (size_t)length < sizeof path && access(path, R_OK) == 0;
}

/* The canonical `executable_dir/relative`, or false. */
static bool beside_executable(const char *executable_dir, const char *relative, char *out)
{
    char joined[PATH_MAX];
    int length = snprintf(joined, sizeof joined, "%s/%s", executable_dir, relative);
    return length > 0 && (size_t)length < sizeof joined && realpath(joined, out) != NULL;
}

void cdpl_find_install_paths(cdpl_install_paths *paths)
{
    snprintf(paths->runtime_include, sizeof paths->runtime_include, "%s", CDPL_SOURCE_RUNTIME_INCLUDE_DIR);
    snprintf(paths->parse_stubs, sizeof paths->parse_stubs, "%s", CDPL_SOURCE_PARSE_STUBS_DIR);

    char executable[PATH_MAX];
    ssize_t length = readlink("/proc/self/exe", executable, sizeof executable - 1);
    if (length <= 0) return;
    executable[length] = '\0';
    char *slash = strrchr(executable, '/');
    if (slash == NULL) return;
    *slash = '\0';

    char include[PATH_MAX], stubs[PATH_MAX];
    if (beside_executable(executable, CDPL_INSTALLED_RUNTIME_INCLUDE_DIR, include) &&
        beside_executable(executable, CDPL_INSTALLED_PARSE_STUBS_DIR, stubs) && file_exists(include, "cdpl.cuh") &&
        file_exists(stubs, "texture_fetch_functions.h")) {
        memcpy(paths->runtime_include, include, sizeof include);
        memcpy(paths->parse_stubs, stubs, sizeof stubs);
    }
}
