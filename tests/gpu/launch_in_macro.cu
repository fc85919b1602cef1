// launch_in_macro.cu: CDP2 test for cdp-lower (front end).
// Prints only schedule-independent facts.
// Build: nvcc -rdc=true -arch=sm_90 -O2 launch_in_macro.cu -o launch_in_macro -lcudadevrt
#include "cdp_test.cuh"

// Launches written in macros, as real CUDA code writes them: a launch in a
// macro's definition used from two kernels and from the host, a launch
// passed as the argument of an error-checking macro (whose definition calls
// cudaGetLastError), nested macros, and a block-index macro used both by a
// device-launched kernel and by a kernel launched from the host only. Each
// child adds its argument, at its block index, to a counter array.
#define SLOTS 16
#define BLOCK_X blockIdx.x
#define LAUNCH_ADD(slot, value) add<<<2, 32>>>(slot, value)
#define DEVICE_CHECK(...)                                   \
    do {                                                    \
        __VA_ARGS__;                                        \
        if (cudaGetLastError() != cudaSuccess)              \
            atomicAdd(&g_launch_errors_here, 1u);           \
    } while (0)
#define LAUNCH_ADD_CHECKED(slot, value) DEVICE_CHECK(LAUNCH_ADD(slot, value))

__device__ unsigned int g_sum[SLOTS][2];
__device__ unsigned int g_launch_errors_here;
__device__ unsigned int g_native_blocks;

__global__ void add(int slot, unsigned int value)
{
    if (threadIdx.x == 0) atomicAdd(&g_sum[slot][BLOCK_X], value);
}

__global__ void first_parent(unsigned int base)
{
    if (threadIdx.x != 0) return;
    LAUNCH_ADD(0, base);                                 // in a macro's definition
    DEVICE_CHECK(add<<<2, 32>>>(1, base + 1));           // in a macro argument
    LAUNCH_ADD_CHECKED(2, base + 2);                     // nested macros
}

__global__ void second_parent(unsigned int base)
{
    if (threadIdx.x != 0) return;
    LAUNCH_ADD(3, base);                                 // the same definition, another caller
    DEVICE_CHECK(LAUNCH_ADD(4, base + 4));
}

// Launched from the host only: its BLOCK_X must still be its own block.
__global__ void native_blocks()
{
    if (threadIdx.x == 0) atomicAdd(&g_native_blocks, (unsigned int)BLOCK_X + 1u);
}

int main()
{
    const Timer timer = timer_start();
    first_parent<<<1, 32>>>(10u);
    CHECK(cudaGetLastError());
    second_parent<<<1, 32>>>(100u);
    CHECK(cudaGetLastError());
    LAUNCH_ADD(5, 1000u);                                // the definition, from the host
    CHECK(cudaGetLastError());
    native_blocks<<<4, 32>>>();
    CHECK(cudaGetLastError());
    timer_stop(timer);

    unsigned int sum[SLOTS][2], errors = 0, native = 0;
    CHECK(cudaMemcpyFromSymbol(sum, g_sum, sizeof sum));
    CHECK(cudaMemcpyFromSymbol(&errors, g_launch_errors_here, sizeof errors));
    CHECK(cudaMemcpyFromSymbol(&native, g_native_blocks, sizeof native));
    const unsigned int want[6] = {10u, 11u, 12u, 100u, 104u, 1000u};
    bool right = true;
    for (int s = 0; s < 6; ++s) {
        printf("slot %d: block 0 %u, block 1 %u (expected %u each)\n", s, sum[s][0], sum[s][1], want[s]);
        right = right && sum[s][0] == want[s] && sum[s][1] == want[s];
    }
    printf("host-launched kernel's block indices + 1 summed: %u\n", native);
    fact("device launches succeeded", errors == 0);
    fact("every launch in a macro ran once per block with its arguments", right);
    fact("a kernel outside dynamic parallelism reads its own block index", native == 1u + 2u + 3u + 4u);
    return finish();
}
