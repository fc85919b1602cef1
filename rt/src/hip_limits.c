/* Device limits under HIP (built into the HIP runtime only). HIP 5 can set
 * no limit and has no device runtime, so the pending-launch limit of CUDA's
 * device runtime is kept here; the launch queue reads it when it is made
 * (device_state.c), as it reads CUDA's own under CUDA. */
#include "runtime.h"

static size_t pending_launch_limit = CDPL_DEFAULT_PENDING_LIMIT;

hipError_t cdpl_gpu_device_set_limit(int limit, size_t value)
{
    if (limit != cudaLimitDevRuntimePendingLaunchCount) return hipErrorUnsupportedLimit;
    pending_launch_limit = value;
    return hipSuccess;
}

hipError_t cdpl_gpu_device_get_limit(size_t *value, int limit)
{
    if (limit != cudaLimitDevRuntimePendingLaunchCount) return hipDeviceGetLimit(value, (enum hipLimit_t)limit);
    *value = pending_launch_limit;
    return hipSuccess;
}
