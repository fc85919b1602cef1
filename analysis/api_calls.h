/* Device runtime API calls (cdpl_api) in code that runs on the device. */
#ifndef CDPL_API_CALLS_H
#define CDPL_API_CALLS_H

#include "context.h"

/* Fills context->model->api_calls; reports the calls that cannot be lowered. */
void cdpl_find_api_calls(cdpl_context *context);

#endif
