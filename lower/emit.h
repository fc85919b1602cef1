/* Writing the lowered file: all or nothing. */
#ifndef CDPL_EMIT_H
#define CDPL_EMIT_H

#include <stdbool.h>
#include <stddef.h>

/* Writes `bytes` to `path` through a temporary file in the same directory
 * and a rename, so a reader never sees half a file. "-" is standard output.
 * On failure prints `cdp-lower: error: ...` and returns false. */
bool cdpl_emit(const char *path, const char *bytes, size_t size);

/* True when `a` and `b` name the same existing file. */
bool cdpl_same_file(const char *a, const char *b);

#endif
