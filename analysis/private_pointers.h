/* Rule 18 of the contract: shared and local memory are private to the
 * launching block or thread, so passing a pointer to them to a child grid is
 * undefined. Where the argument shows it, the analysis warns. */
#ifndef CDPL_PRIVATE_POINTERS_H
#define CDPL_PRIVATE_POINTERS_H

#include "context.h"

/* Warns when `argument` (the call argument at 1-based `position` of a
 * device-side launch of `kernel` at `loc`) points to __shared__ memory or
 * to a local variable of the launching thread. */
void cdpl_warn_private_pointer(cdpl_context *context, CXCursor argument, const char *kernel, unsigned position,
                               cdpl_loc loc);

#endif
