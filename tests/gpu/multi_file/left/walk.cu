// left/walk.cu: one file of the multi_file program (see ../main.cu).
// `walk` and `leaf` have internal linkage and the same names, signatures and
// file name as those of right/walk.cu, but other bodies: a binary tree whose
// leaves add 1.
#include "../multi_file.cuh"

namespace {
__global__ void leaf(unsigned int *sum, unsigned int value)
{
    if (threadIdx.x == 0) atomicAdd(sum, value);
}
}  // namespace

static __global__ void walk(unsigned int *sum, unsigned int depth)
{
    if (threadIdx.x != 0) return;
    if (depth == 0)
        leaf<<<1, 32>>>(sum, 1u);
    else
        walk<<<2, 32>>>(sum, depth - 1);
}

unsigned int left_walk_sum(unsigned int depth)
{
    unsigned int *sum = nullptr, result = 0;
    MULTI_FILE_CHECK(cudaMalloc(&sum, sizeof *sum));
    MULTI_FILE_CHECK(cudaMemset(sum, 0, sizeof *sum));
    walk<<<1, 32>>>(sum, depth);
    MULTI_FILE_CHECK(cudaGetLastError());
    MULTI_FILE_CHECK(cudaDeviceSynchronize());
    MULTI_FILE_CHECK(cudaMemcpy(&result, sum, sizeof result, cudaMemcpyDeviceToHost));
    MULTI_FILE_CHECK(cudaFree(sum));
    return result;
}

static __global__ void start_count_down(unsigned int *sum)
{
    if (threadIdx.x == 0) count_down<3><<<1, 32>>>(sum);
}

unsigned int left_count_down_sum()
{
    unsigned int *sum = nullptr, result = 0;
    MULTI_FILE_CHECK(cudaMalloc(&sum, sizeof *sum));
    MULTI_FILE_CHECK(cudaMemset(sum, 0, sizeof *sum));
    start_count_down<<<1, 32>>>(sum);
    MULTI_FILE_CHECK(cudaGetLastError());
    MULTI_FILE_CHECK(cudaDeviceSynchronize());
    MULTI_FILE_CHECK(cudaMemcpy(&result, sum, sizeof result, cudaMemcpyDeviceToHost));
    MULTI_FILE_CHECK(cudaFree(sum));
    return result;
}
