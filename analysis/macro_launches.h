/* Launches written partly in a macro's definition and partly outside it,
 * found in the expansions of macro uses. */
#ifndef CDPL_MACRO_LAUNCHES_H
#define CDPL_MACRO_LAUNCHES_H

#include "context.h"

/* Turns the context's split launches into launch sites of macro uses whose
 * expansions the lowering writes out, or into errors; call after both
 * launch finders. */
void cdpl_find_launches_in_macro_uses(cdpl_context *context);

#endif
