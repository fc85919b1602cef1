/* Writing the lowered file: all or nothing. */
#ifndef CDPL_EMIT_H
#define CDPL_EMIT_H

#include <stdbool.h>
#include <stddef.h>

/* Writes `bytes` to `path` through a temporary file in the same directory
 * and a rename, so a reader never sees half a file. "-" is standard output.
 * On failure prints `cdp-lower: error: ...` and returns false. */
bool cdpl_emit(const char *path, const char *bytes, size_t size);

/* The real path of `input` followed by `suffix` (the caller frees it), or
 * NULL when `input` cannot be resolved or memory runs out. */
char *cdpl_backup_path(const char *input, const char *suffix);

/* --inplace: unless `lowered` is the same as `original` (then nothing is
 * touched), writes `original` to the backup path first and only then
 * replaces the input (the file itself, where `input` is a symbolic link)
 * by `lowered`; both keep the input's permissions and are written like
 * cdpl_emit's files. On failure prints why and returns false; a failed
 * backup leaves the input as it was. */
bool cdpl_emit_in_place(const char *input, const char *suffix, const char *original, size_t original_size,
                        const char *lowered, size_t size);

/* True when `a` and `b` name the same existing file. */
bool cdpl_same_file(const char *a, const char *b);

#endif
