// kernel_template_recursion.cu: CDP2 test for cdp-lower (front end).
// Prints only schedule-independent facts.
// Build: nvcc -rdc=true -arch=sm_90 -std=c++17 -O2 kernel_template_recursion.cu -o kernel_template_recursion -lcudadevrt
#include "cdp_test.cuh"

// Kernel templates launched from the device:
// - count_down<N> launches count_down<N-1> under `if constexpr` (a
//   non-type template argument, recursion through the template);
// - fold<N> launches fold<N-1> under a plain `if`, ended by an explicit
//   specialization fold<0>;
// - scale<T> (a type template with __shared__ memory of its type) recurses
//   with its own T, and its float instantiation launches scale<int>, an
//   instantiation that only device code launches;
// - a non-template kernel launches a template with deduced arguments, and
//   calls a __device__ function template that launches an ordinary kernel.
#define LEVELS 6
__device__ unsigned int g_count_visits[LEVELS + 1];
__device__ int g_fold[LEVELS + 1];
__device__ unsigned int g_launch_errors_here;

__device__ void count_error()
{
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors_here, 1u);
}

template <int N> __global__ void count_down(unsigned int step)
{
    if (threadIdx.x == 0) atomicAdd(&g_count_visits[N], step);
    if constexpr (N > 0) {
        if (threadIdx.x == 0) {
            count_down<N - 1><<<2, 32>>>(step);
            count_error();
        }
    }
}

template <int N> __global__ void fold(int value)
{
    if (threadIdx.x != 0) return;
    g_fold[N] = value;
    if (N > 0) {
        fold<N - 1><<<1, 32>>>(value * 2);
        count_error();
    }
}

template <> __global__ void fold<0>(int value)
{
    if (threadIdx.x == 0) g_fold[0] = -value;
}

__device__ float g_float_out[4];
__device__ int g_int_out[4];

template <typename T> __device__ T *out_of();
template <> __device__ float *out_of<float>() { return g_float_out; }
template <> __device__ int *out_of<int>() { return g_int_out; }

template <typename T> __global__ void scale(T factor, int depth)
{
    __shared__ T tile[32];
    tile[threadIdx.x] = factor * (T)(depth + 1);
    __syncthreads();
    if (threadIdx.x == 0) {
        out_of<T>()[depth] = tile[31];
        if (depth < 3) {
            scale<<<1, 32>>>(factor, depth + 1);   // deduced: the same T
            count_error();
        }
        if (depth == 0 && sizeof(T) == sizeof(float) && (T)0.5 != (T)0) {
            scale<int><<<1, 32>>>(7, 0);            // only device code launches scale<int>
            count_error();
        }
    }
}

__device__ unsigned int g_leaf_sum;

__global__ void leaf(unsigned int value)
{
    if (threadIdx.x == 0) atomicAdd(&g_leaf_sum, value);
}

template <typename T> __device__ void spawn_leaf(T value)
{
    leaf<<<1, 32>>>((unsigned int)value);
    count_error();
}

__global__ void start(unsigned int step)
{
    if (threadIdx.x != 0) return;
    spawn_leaf(5);
    spawn_leaf<short>(6);
    count_down<LEVELS><<<1, 32>>>(step);
    count_error();
    fold<LEVELS><<<1, 32>>>(1);
    count_error();
}

int main()
{
    const Timer timer = timer_start();
    start<<<1, 32>>>(1u);
    CHECK(cudaGetLastError());
    scale<float><<<1, 32>>>(1.5f, 0);   // a host launch of a template instantiation
    CHECK(cudaGetLastError());
    timer_stop(timer);

    unsigned int visits[LEVELS + 1], errors = 0, leaves = 0;
    int folded[LEVELS + 1], ints[4];
    float floats[4];
    CHECK(cudaMemcpyFromSymbol(visits, g_count_visits, sizeof visits));
    CHECK(cudaMemcpyFromSymbol(folded, g_fold, sizeof folded));
    CHECK(cudaMemcpyFromSymbol(floats, g_float_out, sizeof floats));
    CHECK(cudaMemcpyFromSymbol(ints, g_int_out, sizeof ints));
    CHECK(cudaMemcpyFromSymbol(&errors, g_launch_errors_here, sizeof errors));
    CHECK(cudaMemcpyFromSymbol(&leaves, g_leaf_sum, sizeof leaves));
    bool counted = true, folds = true, scaled = true;
    for (int n = 0; n <= LEVELS; ++n) {
        // Level LEVELS runs as 1 block; each level below as 2 blocks of each parent block.
        const unsigned int blocks = n == LEVELS ? 1u : (1u << (LEVELS - n));
        printf("count_down<%d>: %u block visits (expected %u)\n", n, visits[n], blocks);
        counted = counted && visits[n] == blocks;
        const int want = n == 0 ? -(1 << LEVELS) : (1 << (LEVELS - n));
        printf("fold<%d>: %d (expected %d)\n", n, folded[n], want);
        folds = folds && folded[n] == want;
    }
    for (int d = 0; d < 4; ++d) {
        printf("scale<float> depth %d: %.2f, scale<int> depth %d: %d\n", d, floats[d], d, ints[d]);
        scaled = scaled && floats[d] == 1.5f * (float)(d + 1) && ints[d] == 7 * (d + 1);
    }
    printf("leaves launched from a function template: %u (expected 11)\n", leaves);
    fact("device launches succeeded", errors == 0);
    fact("a function template's launches ran for each instantiation", leaves == 11u);
    fact("count_down recursed through every level, every block", counted);
    fact("fold reached its explicit specialization", folds);
    fact("scale ran its float and int instantiations at every depth", scaled);
    return finish();
}
