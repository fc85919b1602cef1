/* Sets cdpl_function.waits_at_barrier for every function of the model. */
#ifndef CDPL_BLOCK_BARRIERS_H
#define CDPL_BLOCK_BARRIERS_H

#include "context.h"

void cdpl_find_block_barriers(cdpl_context *context);

#endif
