/* Whether the rewriter has anything to edit in the file. Internal to analysis/. */
#ifndef CDPL_NEEDS_REWRITING_H
#define CDPL_NEEDS_REWRITING_H

#include "context.h"

/* True when the analysis found a device-side launch or runtime API call, or
 * a function the lowering changes; or when it cannot tell: clang stopped
 * parsing after too many errors, or the text holds a `<<<` that neither
 * parse accounts for (inside code clang could not parse, say). */
bool cdpl_needs_rewriting(cdpl_context *context);

#endif
