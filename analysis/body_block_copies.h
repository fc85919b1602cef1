/* Sets cdpl_function.builtin_ref_reads_copy for every kernel of the model. */
#ifndef CDPL_BODY_BLOCK_COPIES_H
#define CDPL_BODY_BLOCK_COPIES_H

#include "context.h"

void cdpl_find_body_block_copies(cdpl_context *context);

#endif
