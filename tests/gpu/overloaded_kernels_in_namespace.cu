// overloaded_kernels_in_namespace.cu: CDP2 test for cdp-lower (front end).
// Prints only schedule-independent facts.
// Build: nvcc -rdc=true -arch=sm_90 -O2 overloaded_kernels_in_namespace.cu -o overloaded_kernels_in_namespace -lcudadevrt
#include "cdp_test.cuh"

// Kernels overloaded by parameter type, in a namespace, each launched from
// the device (qualified, and unqualified through a using-directive), with
// arguments that need conversions to pick the overload (short -> int,
// double -> float). A kernel of the same name in another namespace must not
// be taken for them. Each child writes what it received into its own slot.
#define SLOTS 8

__device__ int g_int_slot[SLOTS];
__device__ float g_float_slot[SLOTS];
__device__ unsigned int g_which[SLOTS];   // 1: fill(int), 2: fill(float), 3: other::fill
__device__ unsigned int g_launch_errors_here;

namespace work {
__global__ void fill(int *slot, int value)
{
    *slot = value + (int)blockIdx.x;   // one block: blockIdx.x is 0
    g_which[slot - g_int_slot] = 1u;
}
__global__ void fill(float *slot, float value)
{
    *slot = value * (float)gridDim.x;   // one block: gridDim.x is 1
    g_which[slot - g_float_slot] = 2u;
}
}  // namespace work

namespace other {
__global__ void fill(int *slot, int value)
{
    *slot = -value;
    g_which[slot - g_int_slot] = 3u;
}
}  // namespace other

__device__ void count_error()
{
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors_here, 1u);
}

__global__ void parent(short small, double wide)
{
    if (threadIdx.x != 0) return;
    work::fill<<<1, 1>>>(&g_int_slot[0], small);        // fill(int *, int)
    count_error();
    work::fill<<<1, 1>>>(&g_float_slot[1], wide);       // fill(float *, float)
    count_error();
    {
        using namespace work;
        fill<<<1, 1>>>(&g_int_slot[2], 'A');            // fill(int *, int)
        count_error();
        fill<<<1, 1>>>(&g_float_slot[3], 0.25f);        // fill(float *, float)
        count_error();
    }
    other::fill<<<1, 1>>>(&g_int_slot[4], 9);
    count_error();
}

int main()
{
    const Timer timer = timer_start();
    parent<<<1, 32>>>((short)41, 2.5);
    CHECK(cudaGetLastError());
    timer_stop(timer);

    int ints[SLOTS];
    float floats[SLOTS];
    unsigned int which[SLOTS], errors = 0;
    CHECK(cudaMemcpyFromSymbol(ints, g_int_slot, sizeof ints));
    CHECK(cudaMemcpyFromSymbol(floats, g_float_slot, sizeof floats));
    CHECK(cudaMemcpyFromSymbol(which, g_which, sizeof which));
    CHECK(cudaMemcpyFromSymbol(&errors, g_launch_errors_here, sizeof errors));
    printf("work::fill(int *, int) from short 41: %d (overload %u)\n", ints[0], which[0]);
    printf("work::fill(float *, float) from double 2.5: %.2f (overload %u)\n", floats[1], which[1]);
    printf("fill(int *, int) through using namespace, from 'A': %d (overload %u)\n", ints[2], which[2]);
    printf("fill(float *, float) through using namespace: %.2f (overload %u)\n", floats[3], which[3]);
    printf("other::fill(int *, int): %d (overload %u)\n", ints[4], which[4]);
    fact("device launches succeeded", errors == 0);
    fact("each launch ran the overload its arguments name",
         which[0] == 1 && which[1] == 2 && which[2] == 1 && which[3] == 2 && which[4] == 3);
    fact("each child received its converted argument",
         ints[0] == 41 && floats[1] == 2.5f && ints[2] == 65 && floats[3] == 0.25f && ints[4] == -9);
    return finish();
}
