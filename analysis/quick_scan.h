/* Whether a file certainly needs no lowering, told from its text and its
 * user headers' without parsing: libclang spends seconds on a file that
 * includes CUB or Thrust, which files without device-side launches often
 * do. The scan is conservative: whatever it cannot be sure of (device code
 * a system header's macro may mark, braces an #if splits, an include it
 * cannot find...) sends the file to the parse. */
#ifndef CDPL_QUICK_SCAN_H
#define CDPL_QUICK_SCAN_H

#include <stdbool.h>
#include <stddef.h>

#include "analyse.h"

typedef struct cdpl_quick_scan {
    /* Nothing in device code that lowering rewrites: no `<<<`, no device
     * runtime API call, no special stream; the parse would change nothing. */
    bool unchanged;
    char *reason;      /* otherwise, why the parse is needed ("file:line: ..."); NULL when out of memory */
    char **headers;    /* real paths of the user headers read, first read first */
    size_t nheaders;
} cdpl_quick_scan;

/* Scans `size` bytes that stand for the contents of `path` (whose directory
 * is where its quoted includes are looked for first), with the include
 * directories and macros of `options`. False when out of memory. */
bool cdpl_quick_scan_source(const char *path, const char *bytes, size_t size, const cdpl_parse_options *options,
                            cdpl_quick_scan *scan);
void cdpl_quick_scan_free(cdpl_quick_scan *scan);

/* Whether the scan finds that model->source, the bytes of `path`, needs no
 * lowering; the model's includes are then the user headers it read. */
bool cdpl_quick_scan_model(const char *path, const cdpl_parse_options *options, cdpl_model *model);

#endif
