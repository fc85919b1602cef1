/* The front end's entry point: parse one .cu file through libclang and fill
 * the plain data model of analysis/model.h. */
#ifndef CDPL_ANALYSE_H
#define CDPL_ANALYSE_H

#include "model.h"

typedef struct cdpl_parse_options {
    const char *cuda_path;        /* NULL: /usr/local/cuda */
    const char *offload_arch;     /* NULL: sm_90 */
    const char *stub_include_dir; /* holds the empty texture_fetch_functions.h */
    const char *const *extra_args;/* -I, -D, and everything after `--` */
    size_t nextra_args;
    /* cdpl_analyse_file does not parse a file that the quick scan finds to
     * need no lowering (quick_scan.h): its model then holds its source and,
     * as its includes, the user headers the scan read, and nothing else.
     * Enough to write the file; not to report on it. */
    bool scan_first;
} cdpl_parse_options;

/* Fills `model` for `path`. Problems in the user's code, and constructs that
 * cannot be lowered faithfully, become error diagnostics in the model;
 * returns false only when the model could not be built at all (unreadable
 * file, libclang failure), with a diagnostic saying why. */
bool cdpl_analyse_file(const char *path, const cdpl_parse_options *options,
                       cdpl_model *model);

/* The same for `size` bytes that stand for the contents of `path` (which
 * need not exist; its directory is where quoted includes are looked for). */
bool cdpl_analyse_buffer(const char *path, const char *bytes, size_t size,
                         const cdpl_parse_options *options, cdpl_model *model);

/* Computes the reachability flags of every function (model.h, "Filled by
 * cdpl_analyse_reachability"). Called by cdpl_analyse_file; exposed for tests. */
void cdpl_analyse_reachability(cdpl_model *model);

#endif
