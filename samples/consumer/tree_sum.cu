// Sums weight(data[i]) over an array by recursive halving with CUDA Dynamic
// Parallelism: a range larger than kLeafSize is split in two, and the
// block's thread 0 launches one child grid per half; a leaf block sums its
// range with a shared-memory reduction. The host checks the sum and the
// number of grids against the same recursion on the CPU.
//
// Native build: nvcc -rdc=true -arch=sm_90 tree_sum.cu -lcudadevrt
#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

#include "tree_sum.cuh"

#define CHECK(call)                                                                     \
    do {                                                                                \
        cudaError_t err_ = (call);                                                      \
        if (err_ != cudaSuccess) {                                                      \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,               \
                    cudaGetErrorString(err_));                                          \
            return 1;                                                                   \
        }                                                                               \
    } while (0)

__device__ unsigned long long g_total;
__device__ unsigned int g_grids;
__device__ unsigned int g_launch_errors;

__global__ void sum_range(const int *data, int lo, int hi)
{
    if (threadIdx.x == 0) atomicAdd(&g_grids, 1u);
    if (hi - lo > kLeafSize) {
        if (threadIdx.x == 0) {
            int mid = lo + (hi - lo) / 2;
            sum_range<<<1, kThreads>>>(data, lo, mid);
            if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
            sum_range<<<1, kThreads>>>(data, mid, hi);
            if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
        }
        return;
    }
    __shared__ unsigned long long partial[kThreads];
    unsigned long long sum = 0;
    for (int i = lo + (int)threadIdx.x; i < hi; i += blockDim.x) sum += weight(data[i]);
    partial[threadIdx.x] = sum;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if ((int)threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(&g_total, partial[0]);
}

static unsigned int cpu_grids(int lo, int hi)
{
    if (hi - lo <= kLeafSize) return 1;
    int mid = lo + (hi - lo) / 2;
    return 1 + cpu_grids(lo, mid) + cpu_grids(mid, hi);
}

int main()
{
    const int n = 1 << 20;
    std::vector<int> data(n);
    unsigned long long expected = 0;
    for (int i = 0; i < n; ++i) {
        data[i] = (int)((i * 2654435761u) >> 8);
        expected += weight(data[i]);
    }
    int *device_data = nullptr;
    CHECK(cudaMalloc(&device_data, n * sizeof(int)));
    CHECK(cudaMemcpy(device_data, data.data(), n * sizeof(int), cudaMemcpyHostToDevice));

    sum_range<<<1, kThreads>>>(device_data, 0, n);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());

    unsigned long long total = 0;
    unsigned int grids = 0, launch_errors = 0;
    CHECK(cudaMemcpyFromSymbol(&total, g_total, sizeof total));
    CHECK(cudaMemcpyFromSymbol(&grids, g_grids, sizeof grids));
    CHECK(cudaMemcpyFromSymbol(&launch_errors, g_launch_errors, sizeof launch_errors));
    CHECK(cudaFree(device_data));

    bool ok = total == expected && grids == cpu_grids(0, n) && launch_errors == 0;
    printf("tree_sum: sum %llu (expected %llu), %u grids (expected %u), %u launch errors: %s\n", total, expected,
           grids, cpu_grids(0, n), launch_errors, ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
