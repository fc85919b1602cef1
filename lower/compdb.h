/* A compilation database (compile_commands.json, as CMake, Bear and others
 * write it): each file's compile command, for `cdp-lower -p BUILD_DIR`. */
#ifndef CDPL_COMPDB_H
#define CDPL_COMPDB_H

#include <stdbool.h>

#include "compile_flags.h"
#include "json.h"

typedef struct cdpl_compdb {
    char *path; /* BUILD_DIR/compile_commands.json */
    cdpl_json entries;
} cdpl_compdb;

/* Reads BUILD_DIR/compile_commands.json. When it cannot be read, is not
 * JSON, or is not an array of objects with the strings "directory" and
 * "file" and a "command" string or an "arguments" array of strings, prints
 * `cdp-lower: error: ...` saying where, and returns false. */
bool cdpl_compdb_load(const char *build_dir, cdpl_compdb *db);

typedef enum cdpl_compdb_lookup {
    CDPL_COMPDB_FOUND,
    CDPL_COMPDB_NOT_LISTED,
    CDPL_COMPDB_FAILED /* a message was printed */
} cdpl_compdb_lookup;

/* The parse flags of the first entry whose file is `input` (the same file,
 * however the paths are spelled). */
cdpl_compdb_lookup cdpl_compdb_flags_for(const cdpl_compdb *db, const char *input, cdpl_compile_flags *flags);

void cdpl_compdb_free(cdpl_compdb *db);

#endif
