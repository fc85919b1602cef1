/* Launches in device code whose `<<<` is written in pieces
 * (`k << <g, b >> > (args)`, as some editors format them, or a character
 * nvcc ignores between `<<` and `<`): nvcc reads them
 * as launches, libclang does not, so the lowering would not see them and
 * the file would leave device-side launches behind. They are refused. */
#ifndef CDPL_SPACED_CHEVRONS_H
#define CDPL_SPACED_CHEVRONS_H

#include "context.h"

void cdpl_find_spaced_chevrons(cdpl_context *context);

#endif
