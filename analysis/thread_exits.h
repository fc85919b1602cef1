/* Inline assembly that ends the thread: `asm("exit;")`, as a kernel may
 * leave once it has relaunched its remaining work (SMSM's isoMatch). In a
 * grid the runtime runs, a thread that exits so never counts out of its
 * block: the grid would never complete, nor anything that waits for it.
 * Each such statement of a function is listed (cdpl_function.thread_exits)
 * for the rewriter, which makes it count the thread out first; kernels that
 * reach one run one record a block (cdpl_analyse_reachability). Inline
 * assembly that exits among other instructions, or from a macro, is an
 * error. */
#ifndef CDPL_THREAD_EXITS_H
#define CDPL_THREAD_EXITS_H

#include "context.h"

void cdpl_find_thread_exits(cdpl_context *context);

#endif
