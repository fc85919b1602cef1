/* Sets cdpl_function.threads_may_leave_alone for every function of the model. */
#ifndef CDPL_BLOCK_EXITS_H
#define CDPL_BLOCK_EXITS_H

#include "context.h"

void cdpl_find_block_exits(cdpl_context *context);

#endif
