/* Explicit instantiations of the main file's kernel templates. */
#ifndef CDPL_EXPLICIT_INSTANTIATIONS_H
#define CDPL_EXPLICIT_INSTANTIATIONS_H

#include "context.h"

/* Fills each kernel template's instantiation_globals and
 * instantiation_names (model.h). */
void cdpl_find_explicit_instantiations(cdpl_context *context);

#endif
