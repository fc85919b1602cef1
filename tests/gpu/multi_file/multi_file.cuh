// multi_file.cuh: what the files of the multi_file program share: the host
// functions through which main.cu runs the launch trees of left/walk.cu and
// right/walk.cu, and a check of CUDA calls.
#ifndef MULTI_FILE_CUH
#define MULTI_FILE_CUH

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

// Each runs its file's `walk` tree, `depth` levels deep, from the host, and
// returns what the leaves of that tree added up.
unsigned int left_walk_sum(unsigned int depth);
unsigned int right_walk_sum(unsigned int depth);

// A kernel template that both walk.cu files launch from device code: each
// file compiles its own instantiations (lowered, each file has its own entry
// for it, which calls bodies of its own file).
template <unsigned int N> __global__ void count_down(unsigned int *sum)
{
    if (threadIdx.x != 0) return;
    atomicAdd(sum, N);
    if constexpr (N > 0) count_down<N - 1><<<1, 32>>>(sum);
}

// Each runs count_down<N> from a kernel of its file, N = 3 (left) or 4
// (right), and returns 3 + 2 + 1 or 4 + 3 + 2 + 1.
unsigned int left_count_down_sum();
unsigned int right_count_down_sum();

// A failed CUDA call fails the program where it happened (cdp_test.cuh's
// CHECK cannot be shared: that header defines device variables).
inline void multi_file_check(cudaError_t error, const char *file, int line)
{
    if (error == cudaSuccess) return;
    fprintf(stderr, "%s:%d: %s\n", file, line, cudaGetErrorString(error));
    printf("RESULT: FAIL\n");
    exit(1);
}
#define MULTI_FILE_CHECK(call) multi_file_check((call), __FILE__, __LINE__)

#endif  // MULTI_FILE_CUH
