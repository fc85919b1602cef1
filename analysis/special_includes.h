/* Refusing #includes of files that are not regular files, before libclang
 * sees them: it reads a device such as /dev/zero until memory runs out (GBs
 * a second) and waits forever on a FIFO or a terminal, with no way to stop it. */
#ifndef CDPL_SPECIAL_INCLUDES_H
#define CDPL_SPECIAL_INCLUDES_H

#include "analyse.h"
#include "context.h"

/* Looks at every `#include`, `#include_next` and `#import` line of the
 * source, and of the regular files they name, found as the preprocessor
 * looks for them (the including file's directory for quotes, the
 * -I/-iquote/-isystem/-idirafter directories, or the path itself when
 * absolute). Any name that could resolve to something other than a regular
 * file or a directory is an error diagnostic at the name; returns false then.
 * A textual look: an include named by a macro, or found only in the
 * compiler's own directories, is not seen. */
bool cdpl_check_special_includes(cdpl_context *context, const char *path, const cdpl_parse_options *options);

#endif
