/* User headers analysed as part of the main file. Internal to analysis/. */
#ifndef CDPL_HEADERS_H
#define CDPL_HEADERS_H

#include "context.h"

/* After a first parse of the main file: puts the text of every user header
 * it includes (directly or not; not system headers, not the runtime's) in
 * place of the #include line, between #line directives, into
 * context->model->source, and records the headers and the segments of the
 * new source (see cdpl_header in model.h). True when the source changed:
 * the units must then be parsed again. */
bool cdpl_inline_user_headers(cdpl_context *context);

#endif
