/* Small questions about libclang cursors that several analyses ask. */
#ifndef CDPL_CURSORS_H
#define CDPL_CURSORS_H

#include <clang-c/Index.h>

/* The first child of `cursor` (an operand, a callee, an initializer); the
 * null cursor when it has none. */
CXCursor cdpl_first_child(CXCursor cursor);

#endif
