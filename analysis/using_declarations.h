/* Using-declarations that name a kernel (`using ns::child;`): lookup finds
 * the kernel's launcher through them only if they name it too. */
#ifndef CDPL_USING_DECLARATIONS_H
#define CDPL_USING_DECLARATIONS_H

#include "context.h"

/* Fills context->model->using_decls, in source order. */
void cdpl_find_using_declarations(cdpl_context *context);

#endif
