// barrier_kernel_with_uniform_returns_runs_live.cu: CDP2 semantic test for cdp-lower.
// Build: nvcc -rdc=true -arch=sm_90 -O2 barrier_kernel_with_uniform_returns_runs_live.cu -o t -lcudadevrt
//
// Rules 1 and 3 for a recursion of one-block grids that wait at block
// barriers: each grid sums the first CHUNK elements of its range with a
// reduction in shared memory (three barriers), then launches two children
// over the rest, fire-and-forget. Its returns depend on its arguments only,
// so the lowered entry of the kernel goes on with other records of the
// kernel in the same block (live launches): the shared array, reused from
// record to record, must hold each record's own partial sums, and every
// element must be counted once.
#include "cdp_test.cuh"

__device__ void count_launch_error()
{
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
}

#define THREADS 128
#define CHUNK 256
#define ELEMENTS (1 << 16)
#define MAX_DEPTH 24

__device__ unsigned long long g_sum;
__device__ unsigned int g_grids;
__device__ unsigned int g_too_deep;

__global__ void sum_range(const unsigned int *values, int lo, int hi, int depth)
{
    __shared__ unsigned long long partial[THREADS];
    const int n = hi - lo;
    if (n <= 0) return;
    if (depth > MAX_DEPTH) {
        if (threadIdx.x == 0) atomicAdd(&g_too_deep, 1u);
        return;
    }
    const int mine = n < CHUNK ? n : CHUNK;
    unsigned long long sum = 0;
    for (int i = threadIdx.x; i < mine; i += blockDim.x) sum += values[lo + i];
    partial[threadIdx.x] = sum;
    __syncthreads();
    for (int half = THREADS / 2; half > 0; half /= 2) {
        if (threadIdx.x < half) partial[threadIdx.x] += partial[threadIdx.x + half];
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        atomicAdd(&g_sum, partial[0]);
        atomicAdd(&g_grids, 1u);
        const int rest = lo + mine, middle = rest + (hi - rest) / 2;
        if (rest < hi) {
            sum_range<<<1, THREADS, 0, cudaStreamFireAndForget>>>(values, rest, middle, depth + 1);
            count_launch_error();
            sum_range<<<1, THREADS, 0, cudaStreamFireAndForget>>>(values, middle, hi, depth + 1);
            count_launch_error();
        }
    }
}

int main()
{
    unsigned int *values = nullptr;
    CHECK(cudaMalloc(&values, ELEMENTS * sizeof(unsigned int)));
    unsigned int host[ELEMENTS];
    unsigned long long expected = 0;
    for (int i = 0; i < ELEMENTS; ++i) {
        host[i] = (unsigned int)(i * 2654435761u) >> 8;
        expected += host[i];
    }
    CHECK(cudaMemcpy(values, host, sizeof host, cudaMemcpyHostToDevice));
    const Timer timer = timer_start();
    sum_range<<<1, THREADS>>>(values, 0, ELEMENTS, 0);
    CHECK(cudaGetLastError());
    timer_stop(timer);

    unsigned long long sum = 0;
    unsigned int grids = 0, too_deep = 0, errors = 0;
    CHECK(cudaMemcpyFromSymbol(&sum, g_sum, sizeof sum));
    CHECK(cudaMemcpyFromSymbol(&grids, g_grids, sizeof grids));
    CHECK(cudaMemcpyFromSymbol(&too_deep, g_too_deep, sizeof too_deep));
    CHECK(cudaMemcpyFromSymbol(&errors, g_launch_errors, sizeof errors));
    printf("grids that summed: %u, sum: %llu (expected %llu)\n", grids, sum, expected);
    fact("device launches succeeded", errors == 0);
    fact("no range went past the depth limit", too_deep == 0);
    fact("every element was summed once", sum == expected);
    CHECK(cudaFree(values));
    return finish();
}
