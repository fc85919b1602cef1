/* What each device-side CUDA runtime call becomes in lowered code: the
 * rewriter renames the call, and the JSON report says so. */
#ifndef CDPL_RUNTIME_API_H
#define CDPL_RUNTIME_API_H

#include "model.h"

/* The cdpl runtime's function that takes the place of `api` in device code,
 * or NULL where there is none (the analysis refuses such a call). */
const char *cdpl_runtime_api_name(cdpl_api api);

/* Whether `api` in device code answers from the host's limits and
 * preferences, which the runtime then reads again before each launch. */
bool cdpl_runtime_api_reads_device_settings(cdpl_api api);

/* Whether `api` in device code makes a 2-D or 3-D copy or set, whose record
 * needs more room than the runtime gives records otherwise. */
bool cdpl_runtime_api_makes_pitched_copies(cdpl_api api);

#endif
