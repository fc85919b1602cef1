// scheduler_table_overflow_is_reported.cu: runtime test for cdp-lower,
// lowered only. 1100 children of one parent grid are ready in the same
// wave, each with a block shape of its own: more (kernel, block shape)
// pairs than the scheduler's table holds (1024). The runtime must stop the
// program and say why: device code leaves the reason in host memory
// (cdpl_failure) and traps, and the host prints it when the drain's
// synchronization fails. CTest requires the message on stderr and this
// program's failure exit.
// STDERR: cdp-lower runtime: more (kernel, block shape) pairs ready in one wave than the scheduler's table holds (1024)
#include <cuda_runtime.h>

#include <cstdio>

#define CHILDREN 1100

__global__ void child() {}

__global__ void parent()
{
    unsigned int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= CHILDREN) return;
    dim3 block = g < 1024 ? dim3(g + 1) : dim3(1, g - 1022);
    child<<<1, block, 0, cudaStreamFireAndForget>>>();
}

int main()
{
    parent<<<2, CHILDREN / 2>>>();
    cudaError_t error = cudaDeviceSynchronize();
    printf("host synchronization: %s\n", cudaGetErrorName(error));
    return error == cudaSuccess ? 0 : 1;
}
