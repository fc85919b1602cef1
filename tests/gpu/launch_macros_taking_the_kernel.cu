// launch_macros_taking_the_kernel.cu: CDP2 test for cdp-lower (front end).
// Prints only schedule-independent facts.
// Build: nvcc -rdc=true -arch=sm_90 -O2 launch_macros_taking_the_kernel.cu -o launch_macros_taking_the_kernel -lcudadevrt
#include "cdp_test.cuh"

// Launch macros that take the kernel (and the configuration and arguments)
// as macro arguments, which cdp-lower writes out at each use: in a kernel,
// in a __device__ function, in a function template and a kernel template
// given a kernel template in parentheses, on the host for a kernel that
// launches, with cudaGetLastError in the macro, with the kernel's name
// stringized, and with the configuration and arguments as groups. Each
// child adds its value, at its block index, to a counter slot.
#define SLOTS 9
#define LAUNCH1(k, ...) k<<<2, 32>>>(__VA_ARGS__)
#define GO(k, g, b, ...) k<<<g, b>>>(__VA_ARGS__)
#define CHECKED_LAUNCH(k, g, b, ...)                                 \
    do {                                                             \
        k<<<g, b>>>(__VA_ARGS__);                                    \
        if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_errors, 1u); \
    } while (0)
#define NAMED_LAUNCH(k, slot, value)                                 \
    do {                                                             \
        if (same_name(#k, "(add_as<unsigned int, 3>)")) k<<<2, 32>>>(slot, value); \
    } while (0)
#define KCALL(name, cfg, args) name<<<cfg>>> args
#define CFG(g, b) g, b

__device__ unsigned int g_sum[SLOTS][2];
__device__ unsigned int g_errors;

__device__ bool same_name(const char *a, const char *b)
{
    while (*a != '\0' && *a == *b) ++a, ++b;
    return *a == *b;
}

__global__ void add(int slot, unsigned int value)
{
    if (threadIdx.x == 0) atomicAdd(&g_sum[slot][blockIdx.x], value);
}

// Adds `value` times N: which instantiation ran shows in the sum.
template <class T, int N> __global__ void add_as(int slot, T value)
{
    if (threadIdx.x == 0) atomicAdd(&g_sum[slot][blockIdx.x], (unsigned int)(value * N));
}

__device__ void spawn(int slot, unsigned int value) { GO(add, 2, 32, slot, value); }

template <class T> __device__ void spawn_as(int slot, T value) { LAUNCH1((add_as<T, 2>), slot, value); }

template <class T> __global__ void template_parent(int slot, T value)
{
    if (threadIdx.x == 0) LAUNCH1((add_as<T, 5>), slot, value);
}

__global__ void parent(unsigned int base)
{
    if (threadIdx.x != 0) return;
    LAUNCH1(add, 0, base);
    spawn(1, base + 1);
    spawn_as(2, base + 2);
    LAUNCH1(template_parent<unsigned int>, 3, base + 3);
    CHECKED_LAUNCH(add, 2, 32, 4, base + 4);
    NAMED_LAUNCH((add_as<unsigned int, 3>), 5, base + 5);
    KCALL(add, CFG(2, 32), (6, base + 6));
    GO(add,
       2, 32,
       7, base + 7);
}

int main()
{
    const Timer timer = timer_start();
    GO(parent, 1, 32, 10u);
    CHECK(cudaGetLastError());
    LAUNCH1(add, 8, 1000u);
    CHECK(cudaGetLastError());
    timer_stop(timer);

    unsigned int sum[SLOTS][2], errors = 0;
    CHECK(cudaMemcpyFromSymbol(sum, g_sum, sizeof sum));
    CHECK(cudaMemcpyFromSymbol(&errors, g_errors, sizeof errors));
    // Slot 2 ran add_as<.., 2>, slot 5 add_as<.., 3>, and slot 3 add_as<.., 5> twice: its
    // parent has two blocks, each launching one grid.
    const unsigned int want[SLOTS] = {10u, 11u, 24u, 2u * 13u * 5u, 14u, 15u * 3u, 16u, 17u, 1000u};
    bool right = true;
    for (int s = 0; s < SLOTS; ++s) {
        printf("slot %d: block 0 %u, block 1 %u (expected %u each)\n", s, sum[s][0], sum[s][1], want[s]);
        right = right && sum[s][0] == want[s] && sum[s][1] == want[s];
    }
    fact("device launches succeeded", errors == 0);
    fact("every launch through a macro given the kernel ran once per block with its arguments", right);
    return finish();
}
