/* Launches whose `<<<` or `>>>` is written in pieces (`k << <g, b >> > (args)`,
 * as Visual Studio's formatter writes them, or with a comment between): nvcc
 * reads them as launches, libclang does not.
 *
 * Before each parse, cdpl_close_spaced_chevrons rewrites each such launch of
 * the source with its chevrons whole, the blanks moved after them: same
 * length, same lines, so every location stays where it was. The file as
 * read is kept (model->original) for an output that needs no other change.
 * A spaced launch it cannot pair (in a header it did not inline, or without
 * a `>>>` it can find) is still refused in device code by
 * cdpl_find_spaced_chevrons: the lowering would not see it, and the file
 * would leave a device-side launch behind. */
#ifndef CDPL_SPACED_CHEVRONS_H
#define CDPL_SPACED_CHEVRONS_H

#include <stdbool.h>

#include "context.h"

/* False when out of memory. */
bool cdpl_close_spaced_chevrons(cdpl_model *model);

void cdpl_find_spaced_chevrons(cdpl_context *context);

#endif
