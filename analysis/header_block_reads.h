/* Functions from headers (CUDA's cooperative groups, a library) that read
 * blockIdx or gridDim: a function that must read the virtual block cannot
 * call them, as their text is not the lowering's to rewrite. */
#ifndef CDPL_HEADER_BLOCK_READS_H
#define CDPL_HEADER_BLOCK_READS_H

#include "context.h"

/* Whether `function`, declared outside the main file, reads blockIdx or
 * gridDim in its definition or in the header functions it calls. */
bool cdpl_header_function_reads_block(cdpl_context *context, CXCursor function);

/* Frees what the answers kept. */
void cdpl_header_block_reads_dispose(cdpl_context *context);

#endif
