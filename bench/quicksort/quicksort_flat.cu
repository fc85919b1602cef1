// Benchmark quicksort, flat version (no dynamic parallelism): the same 16M
// ints as quicksort.cu sorted with cub::DeviceRadixSort::SortKeys (built
// natively only, never lowered), timed after a warm-up run on the same input.
// Check: sorted, and equal to std::sort of the input (so a permutation).
//
// Build: nvcc -arch=sm_90 -O2 quicksort_flat.cu -o quicksort_flat
#include <cub/device/device_radix_sort.cuh>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "quicksort_common.cuh"

#define N_ELEMS (1 << 24)

int main()
{
    const int n = N_ELEMS;
    std::vector<int> h_in(n), h_out(n);
    make_input(h_in, n);

    int *d_in = nullptr, *d_out = nullptr;
    void *d_temp = nullptr;
    size_t temp_bytes = 0;
    CHECK(cudaMalloc(&d_in, n * sizeof(int)));
    CHECK(cudaMalloc(&d_out, n * sizeof(int)));
    CHECK(cub::DeviceRadixSort::SortKeys(nullptr, temp_bytes, d_in, d_out, n));
    CHECK(cudaMalloc(&d_temp, temp_bytes));

    cudaEvent_t t0, t1;
    CHECK(cudaEventCreate(&t0));
    CHECK(cudaEventCreate(&t1));
    float ms = 0.0f;
    for (int run = 0; run < 2; ++run) {   // run 0: warm-up; run 1: timed
        CHECK(cudaMemcpy(d_in, h_in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
        CHECK(cudaMemset(d_out, 0, n * sizeof(int)));
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaEventRecord(t0));
        CHECK(cub::DeviceRadixSort::SortKeys(d_temp, temp_bytes, d_in, d_out, n));
        CHECK(cudaEventRecord(t1));
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaEventElapsedTime(&ms, t0, t1));
    }
    fprintf(stderr, "time_ms: %.3f\n", ms);
    CHECK(cudaMemcpy(h_out.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_out));
    CHECK(cudaFree(d_temp));

    std::vector<int> sorted_ref(h_in);
    std::sort(sorted_ref.begin(), sorted_ref.end());
    bool sorted = true;
    for (int i = 1; i < n; ++i) if (h_out[i - 1] > h_out[i]) { sorted = false; break; }
    const bool same = h_out == sorted_ref;
    uint64_t out_sum = 0, weighted = 0;
    uint32_t out_xor = 0;
    for (int i = 0; i < n; ++i) {
        out_sum += (uint64_t)(int64_t)h_out[i];
        out_xor ^= (uint32_t)h_out[i];
        weighted = weighted * 1099511628211ull + (uint32_t)h_out[i];
    }
    printf("quicksort flat (cub radix sort) N: %d\n", n);
    printf("output sum: %llu xor: %08x\n", (unsigned long long)out_sum, out_xor);
    printf("checksum: %016llx\n", (unsigned long long)weighted);
    printf("sorted: %s\n", sorted ? "yes" : "no");
    printf("matches std::sort: %s\n", same ? "yes" : "no");
    const bool pass = sorted && same;
    printf("RESULT: %s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
