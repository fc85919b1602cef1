// host_grid_beyond_scheduler_count_is_reported.cu: runtime test for
// cdp-lower, lowered only. A host launch of a runtime kernel with 2^47
// blocks (valid natively: x < 2^31, y < 2^16) is more than the scheduler's
// 40-bit block counts hold. The inject kernel must refuse it, and the host
// must not try to launch the 2^16 physical grids it would take: the program
// fails with the runtime's message instead of running for days or being
// counted wrong.
// STDERR: cdp-lower runtime: more blocks ready in one wave than the scheduler can count
#include <cuda_runtime.h>

#include <cstdio>

__global__ void child() {}

__global__ void huge()
{
    child<<<1, 1>>>();
}

int main()
{
    huge<<<dim3(0x7fffffffu, 65535u), 1>>>();
    cudaError_t error = cudaDeviceSynchronize();
    printf("host synchronization: %s\n", cudaGetErrorName(error));
    return error == cudaSuccess ? 0 : 1;
}
