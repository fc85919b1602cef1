// parameters_reach_every_thread_alike.cu: CDP2 semantic test for cdp-lower.
// Build: nvcc -rdc=true -arch=sm_90 -O2 parameters_reach_every_thread_alike.cu -o t -lcudadevrt
//
// Rule 3 (arguments are copied by value), for every thread of the child
// grid. The lowering hands a small parameter struct (up to 64 bytes, a
// multiple of 4) to the body through a warp reduction over the threads
// that are active, and reads other structs in place
// (cdpl_uniform_params): each thread of blocks whose last warp is partial
// (33 and 70 threads) must see the values the parent passed, whichever way
// its struct goes, including one of exactly 64 bytes, one of 3 bytes, and a
// kernel template's; a parameter bounds a loop that threads leave at
// different times.
#include "cdp_test.cuh"

__device__ void count_launch_error()
{
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
}

#define MAX_THREADS 4096
__device__ unsigned int g_seen[4][MAX_THREADS];

__device__ unsigned int mix(unsigned int hash, unsigned int value) { return (hash ^ value) * 16777619u; }

__device__ unsigned int thread_slot()
{
    return (blockIdx.x * blockDim.x + threadIdx.x) % MAX_THREADS;
}

// 16 bytes: copied through the reduction.
__global__ void small_params(unsigned int *seen, int rounds, short s, char c)
{
    unsigned int hash = 2166136261u;
    for (int k = threadIdx.x % 5; k < rounds; ++k) hash = mix(hash, (unsigned int)k);
    hash = mix(hash, (unsigned int)s);
    hash = mix(hash, (unsigned int)c);
    seen[thread_slot()] = hash;
}

// Exactly 64 bytes: still copied through the reduction.
__global__ void edge_params(unsigned int *seen, double d, long long x, float f, int i, int4 v, int2 w, unsigned int u,
                            unsigned int u2)
{
    unsigned int hash = 2166136261u;
    hash = mix(hash, (unsigned int)(d * 1000.0));
    hash = mix(hash, (unsigned int)(x >> 32));
    hash = mix(hash, (unsigned int)x);
    hash = mix(hash, __float_as_uint(f));
    for (int k = 0; k < i; ++k) hash = mix(hash, (unsigned int)(v.x + v.y + v.z + v.w + w.x + w.y));
    hash = mix(hash, u);
    hash = mix(hash, u2);
    seen[thread_slot()] = hash;
}

// 3 bytes: read in place.
__global__ void odd_params(char a, char b, char c)
{
    g_seen[2][thread_slot()] = mix(mix(mix(2166136261u, (unsigned int)a), (unsigned int)b), (unsigned int)c);
}

template <typename T> __global__ void template_params(unsigned int *seen, T value, int rounds)
{
    unsigned int hash = 2166136261u;
    for (int k = threadIdx.x % 3; k < rounds; ++k) hash = mix(hash, (unsigned int)(value * (T)k));
    seen[thread_slot()] = hash;
}

__global__ void parent()
{
    small_params<<<3, 33>>>(g_seen[0], 9, (short)-1234, (char)77);
    count_launch_error();
    edge_params<<<2, 70>>>(g_seen[1], 2.5, 0x123456789abcll, 0.75f, 4, make_int4(1, 2, 3, 4), make_int2(5, 6), 7u,
                           0xdeadbeefu);
    count_launch_error();
    odd_params<<<3, 33>>>((char)1, (char)2, (char)3);
    count_launch_error();
    template_params<short><<<2, 70>>>(g_seen[3], (short)3, 7);
    count_launch_error();
}

// Every thread of `blocks` x `threads` wrote the same value as thread 0
// of its own warp position modulo `period` (the loops start at threadIdx.x
// % period): thread t and thread t % period agree.
static bool alike(const unsigned int *seen, int blocks, int threads, int period)
{
    for (int t = 0; t < blocks * threads; ++t)
        if (seen[t] != seen[(t % threads) % period]) return false;
    for (int t = 0; t < period; ++t)
        if (seen[t] == 0u) return false;
    return true;
}

int main()
{
    const Timer timer = timer_start();
    parent<<<1, 1>>>();
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    timer_stop(timer);

    static unsigned int seen[4][MAX_THREADS];
    unsigned int errors = 0;
    CHECK(cudaMemcpyFromSymbol(seen, g_seen, sizeof seen));
    CHECK(cudaMemcpyFromSymbol(&errors, g_launch_errors, sizeof errors));
    printf("small (16 bytes): %08x %08x %08x %08x %08x\n", seen[0][0], seen[0][1], seen[0][2], seen[0][3], seen[0][4]);
    printf("edge (64 bytes): %08x\n", seen[1][0]);
    printf("odd (3 bytes): %08x\n", seen[2][0]);
    printf("template: %08x %08x %08x\n", seen[3][0], seen[3][1], seen[3][2]);
    fact("device launches succeeded", errors == 0);
    fact("every thread of a 16-byte struct's grid saw the parent's values", alike(seen[0], 3, 33, 5));
    fact("every thread of a 64-byte struct's grid saw the parent's values", alike(seen[1], 2, 70, 1));
    fact("every thread of a 3-byte struct's grid saw the parent's values", alike(seen[2], 3, 33, 1));
    fact("every thread of a template's grid saw the parent's values", alike(seen[3], 2, 70, 3));
    return finish();
}
