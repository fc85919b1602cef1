/* Device runtime API calls (cdpl_api) in code that runs on the device. */
#ifndef CDPL_API_CALLS_H
#define CDPL_API_CALLS_H

#include "context.h"

/* Fills context->model->api_calls; reports the calls that cannot be lowered. */
void cdpl_find_api_calls(cdpl_context *context);

/* Records a device-side call found by tokens in device-only code
 * (device_only_code.c), when `callee_name` is one of the API's names. */
void cdpl_add_device_api_call(cdpl_context *context, size_t caller, cdpl_range callee_name, cdpl_range whole);

#endif
