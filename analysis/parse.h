/* The two libclang parses of one file: host side and device side. */
#ifndef CDPL_PARSE_H
#define CDPL_PARSE_H

#include "analyse.h"
#include "context.h"

/* Parses `path` (whose bytes are context->model->source) into context->host
 * and context->device. On failure adds a diagnostic saying why. */
bool cdpl_parse_units(cdpl_context *context, CXIndex index, const char *path,
                      const cdpl_parse_options *options);
void cdpl_dispose_units(cdpl_context *context);

#endif
