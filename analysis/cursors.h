/* Small questions about libclang cursors that several analyses ask. */
#ifndef CDPL_CURSORS_H
#define CDPL_CURSORS_H

#include <clang-c/Index.h>
#include <stdbool.h>

/* The first child of `cursor` (an operand, a callee, an initializer); the
 * null cursor when it has none. */
CXCursor cdpl_first_child(CXCursor cursor);

/* Whether a function's declaration says it runs on the device: __device__
 * (perhaps __host__ __device__) or __global__. */
bool cdpl_runs_on_device(CXCursor function);

#endif
