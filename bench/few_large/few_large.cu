// Benchmark few_large: a compute-heavy workload with few, large children,
// with CUDA Dynamic Parallelism (CDP2).
//
// The host launches a parent grid <<<1, CHILDREN>>>; each of its threads
// launches one child grid <<<CHILD_BLOCKS, THREADS>>> into the fire-and-forget
// stream over its eighth of a 64M-element float array (grid-stride, 8
// elements per thread); each element runs ITERS dependent FMAs
// x = fma(x, A, b_i). Thread 0 then tail-launches (cudaStreamTailLaunch) a
// checksum grid, which runs after the parent and all its children are
// complete and sums the bit patterns of the whole array (an integer sum and
// xor: independent of the order of the atomics).
//
// Check: the checksum equals a CPU checksum of the array copied back, and
// 1024 sampled elements recomputed on the CPU with fmaf (correctly rounded,
// like __fmaf_rn) match bit for bit. Launches: CHILDREN + 1.
//
// Build: nvcc -rdc=true -arch=sm_90 -O2 few_large.cu -o few_large -lcudadevrt
#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define N_ELEMS (1 << 26)       // 64M floats
#define CHILDREN 8
#define CHILD_BLOCKS 4096
#define THREADS 256
#define ITERS 4096
#define CHECKSUM_BLOCKS 1024
#define SAMPLE_STRIDE 65537
#define COEFF_A 0.999f

__device__ unsigned int g_launches;
__device__ unsigned int g_launch_failures;
__device__ unsigned long long g_sum;
__device__ unsigned int g_xor;

#include "few_large_common.cuh"

__global__ void init_kernel(float *data, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        data[i] = init_value((unsigned int)i);
}

__global__ void work_kernel(float *data, int begin, int count, int iters)
{
    for (int j = blockIdx.x * blockDim.x + threadIdx.x; j < count; j += gridDim.x * blockDim.x) {
        const int i = begin + j;
        const float b = coeff_b((unsigned int)i);
        float x = data[i];
        for (int k = 0; k < iters; ++k) x = __fmaf_rn(x, COEFF_A, b);
        data[i] = x;
    }
}

__global__ void checksum_kernel(const float *data, int n)
{
    unsigned long long sum = 0;
    unsigned int x = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        const unsigned int bits = __float_as_uint(data[i]);
        sum += bits;
        x ^= bits;
    }
    for (int off = 16; off > 0; off >>= 1) {
        sum += __shfl_down_sync(0xffffffffu, sum, off);
        x ^= __shfl_down_sync(0xffffffffu, x, off);
    }
    if ((threadIdx.x & 31) == 0) {
        atomicAdd(&g_sum, sum);
        atomicXor(&g_xor, x);
    }
}

__global__ void parent_kernel(float *data, int n, int iters)
{
    const int chunk = n / CHILDREN;
    const int t = threadIdx.x;
    work_kernel<<<CHILD_BLOCKS, THREADS, 0, cudaStreamFireAndForget>>>(data, t * chunk, chunk, iters);
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_failures, 1u);
    else atomicAdd(&g_launches, 1u);
    if (t == 0) {
        checksum_kernel<<<CHECKSUM_BLOCKS, THREADS, 0, cudaStreamTailLaunch>>>(data, n);
        if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_failures, 1u);
        else atomicAdd(&g_launches, 1u);
    }
}

int main()
{
    const int n = N_ELEMS;
    float *d_data = nullptr;
    CHECK(cudaMalloc(&d_data, (size_t)n * sizeof(float)));
    cudaEvent_t t0, t1;
    CHECK(cudaEventCreate(&t0));
    CHECK(cudaEventCreate(&t1));
    float ms = 0.0f;
    for (int run = 0; run < 2; ++run) {   // run 0: warm-up; run 1: timed
        const unsigned int zero = 0;
        const unsigned long long zero64 = 0;
        CHECK(cudaMemcpyToSymbol(g_launches, &zero, sizeof zero));
        CHECK(cudaMemcpyToSymbol(g_launch_failures, &zero, sizeof zero));
        CHECK(cudaMemcpyToSymbol(g_sum, &zero64, sizeof zero64));
        CHECK(cudaMemcpyToSymbol(g_xor, &zero, sizeof zero));
        init_kernel<<<1024, THREADS>>>(d_data, n);
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaEventRecord(t0));
        parent_kernel<<<1, CHILDREN>>>(d_data, n, ITERS);
        CHECK(cudaGetLastError());
        CHECK(cudaEventRecord(t1));
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaEventElapsedTime(&ms, t0, t1));
    }
    fprintf(stderr, "time_ms: %.3f\n", ms);

    std::vector<float> data(n);
    unsigned int launches = 0, failures = 0, gpu_xor = 0;
    unsigned long long gpu_sum = 0;
    CHECK(cudaMemcpy(data.data(), d_data, (size_t)n * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpyFromSymbol(&launches, g_launches, sizeof launches));
    CHECK(cudaMemcpyFromSymbol(&failures, g_launch_failures, sizeof failures));
    CHECK(cudaMemcpyFromSymbol(&gpu_sum, g_sum, sizeof gpu_sum));
    CHECK(cudaMemcpyFromSymbol(&gpu_xor, g_xor, sizeof gpu_xor));
    CHECK(cudaFree(d_data));

    unsigned long long cpu_sum = 0;
    unsigned int cpu_xor = 0;
    cpu_checksum(data, n, cpu_sum, cpu_xor);
    long long sampled = 0, sample_mismatches = 0;
    check_samples(data, n, sampled, sample_mismatches);
    const unsigned int expect_launches = CHILDREN + 1;
    printf("few_large elements: %d children: %d x %d blocks x %d threads, %d FMAs per element\n", n, CHILDREN,
           CHILD_BLOCKS, THREADS, ITERS);
    printf("tail checksum: sum %llu xor %08x\n", gpu_sum, gpu_xor);
    printf("cpu checksum:  sum %llu xor %08x\n", cpu_sum, cpu_xor);
    printf("cpu-checked elements: %lld mismatches: %lld\n", sampled, sample_mismatches);
    printf("launches: %u\n", launches);
    printf("expected launches: %u\n", expect_launches);
    printf("launch_failures: %u\n", failures);
    const bool pass = failures == 0 && launches == expect_launches && gpu_sum == cpu_sum && gpu_xor == cpu_xor &&
                      sample_mismatches == 0;
    printf("RESULT: %s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
