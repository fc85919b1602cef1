/* File names as the preprocessor composes them, for the textual walks of
 * include lines (headers.c, special_includes.c, quick_scan.c). */
#ifndef CDPL_PATHS_H
#define CDPL_PATHS_H

#include <stdbool.h>
#include <stddef.h>

/* The directory part of `path` ("." when it has none, "/" at the root);
 * NULL when out of memory. */
char *cdpl_directory_of(const char *path);

/* `directory`/`name`, where `name` is `length` bytes (not 0-terminated);
 * NULL when out of memory. */
char *cdpl_joined_path(const char *directory, const char *name, size_t length);

/* Whether `path` is one of the runtime's headers (the directory of
 * cdpl_abi.h): never read into the source, as a lowered file includes
 * cdpl.cuh; a file that includes one was lowered already. */
bool cdpl_is_runtime_header(const char *path);

#endif
