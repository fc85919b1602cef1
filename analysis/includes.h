/* Every file the main file includes, directly or not. Internal to analysis/. */
#ifndef CDPL_INCLUDES_H
#define CDPL_INCLUDES_H

#include "context.h"

/* Fills model->includes from both parses, in order of first inclusion,
 * without repeats. */
void cdpl_find_includes(cdpl_context *context);

#endif
