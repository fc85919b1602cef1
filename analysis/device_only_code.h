/* Code only the device-side parse sees, read by tokens where its AST may
 * have lost statements. */
#ifndef CDPL_DEVICE_ONLY_CODE_H
#define CDPL_DEVICE_ONLY_CODE_H

#include "context.h"

/* Adds the blockIdx/gridDim uses and the calls of this file's functions
 * written in code that the host-side parse skips and the device-side parse
 * keeps (#if __CUDA_ARCH__). Call after cdpl_find_functions. */
void cdpl_find_device_only_uses(cdpl_context *context);

#endif
