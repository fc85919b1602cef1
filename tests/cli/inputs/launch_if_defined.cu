// Has a device-side launch only when USE_LAUNCH is defined, and parses only
// when "include dir" is on the include path.
#include "launch_config.cuh"

__global__ void child(int *out) { out[threadIdx.x] = CHILD_VALUE; }

__global__ void parent(int *out)
{
#ifdef USE_LAUNCH
    child<<<1, CHILD_THREADS>>>(out);
#endif
}
