/* Make-style dependency files, as a compiler's -MD -MF writes them, so that
 * make, Ninja and CMake (add_custom_command DEPFILE) re-lower a file when a
 * header it includes changes. */
#ifndef CDPL_DEPFILE_H
#define CDPL_DEPFILE_H

#include <stdbool.h>
#include <stddef.h>

#include "text.h"

/* Appends "TARGET: INPUT HEADERS..." and an empty rule for each header (so
 * that a deleted header does not stop make). Returns false, after saying
 * why, when a name cannot be written in this format (it holds a newline). */
bool cdpl_depfile_rule(cdpl_text *out, const char *target, const char *input, char *const *headers,
                       size_t nheaders);

#endif
