// Benchmark few_large, flat version (no dynamic parallelism): the same
// CHILDREN grids of CHILD_BLOCKS x THREADS over the same 64M floats (ITERS
// dependent FMAs per element) and the same checksum grid as few_large.cu, as
// CHILDREN + 1 host launches into one stream. Same checks.
//
// Build: nvcc -arch=sm_90 -O2 few_large_flat.cu -o few_large_flat
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
        CHECK(cudaMemcpyToSymbol(g_sum, &zero64, sizeof zero64));
        CHECK(cudaMemcpyToSymbol(g_xor, &zero, sizeof zero));
        init_kernel<<<1024, THREADS>>>(d_data, n);
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaEventRecord(t0));
        for (int t = 0; t < CHILDREN; ++t) {
            work_kernel<<<CHILD_BLOCKS, THREADS>>>(d_data, t * (n / CHILDREN), n / CHILDREN, ITERS);
            CHECK(cudaGetLastError());
        }
        checksum_kernel<<<CHECKSUM_BLOCKS, THREADS>>>(d_data, n);
        CHECK(cudaGetLastError());
        CHECK(cudaEventRecord(t1));
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaEventElapsedTime(&ms, t0, t1));
    }
    fprintf(stderr, "time_ms: %.3f\n", ms);

    std::vector<float> data(n);
    unsigned int gpu_xor = 0;
    unsigned long long gpu_sum = 0;
    CHECK(cudaMemcpy(data.data(), d_data, (size_t)n * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpyFromSymbol(&gpu_sum, g_sum, sizeof gpu_sum));
    CHECK(cudaMemcpyFromSymbol(&gpu_xor, g_xor, sizeof gpu_xor));
    CHECK(cudaFree(d_data));

    unsigned long long cpu_sum = 0;
    unsigned int cpu_xor = 0;
    cpu_checksum(data, n, cpu_sum, cpu_xor);
    long long sampled = 0, sample_mismatches = 0;
    check_samples(data, n, sampled, sample_mismatches);
    printf("few_large flat elements: %d children: %d x %d blocks x %d threads, %d FMAs per element\n", n, CHILDREN,
           CHILD_BLOCKS, THREADS, ITERS);
    printf("gpu checksum:  sum %llu xor %08x\n", gpu_sum, gpu_xor);
    printf("cpu checksum:  sum %llu xor %08x\n", cpu_sum, cpu_xor);
    printf("cpu-checked elements: %lld mismatches: %lld\n", sampled, sample_mismatches);
    const bool pass = gpu_sum == cpu_sum && gpu_xor == cpu_xor &&
                      sample_mismatches == 0;
    printf("RESULT: %s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
