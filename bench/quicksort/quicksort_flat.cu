// Benchmark quicksort, flat version (no dynamic parallelism): the same
// quicksort of the same 16M ints as quicksort.cu, level by level from the
// host. Each level is one grid with one 1024-thread block per range of that
// depth; a block partitions its range exactly as quicksort.cu's block does
// (quicksort_block.cuh), or sorts it in shared memory at or below the cutoff,
// or by odd-even transposition at MAX_DEPTH, and appends the sides that still
// need sorting to the next level's list instead of launching them. The host
// reads the next level's size after each level (one synchronization a
// level). Timed after a warm-up run on the same input, like quicksort.cu.
//
// Check: sorted, and equal to std::sort of the input (so a permutation);
// the number of ranges partitioned, sorted in shared memory and sorted at
// MAX_DEPTH is printed, and must be the CDP2 version's launch tree.
//
// Build: nvcc -arch=sm_90 -O2 quicksort_flat.cu -o quicksort_flat
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "quicksort_block.cuh"
#include "quicksort_common.cuh"

#define N_ELEMS (1 << 24)

struct Range {
    int lo, hi;
};

__device__ unsigned int g_leaves;          // ranges sorted in shared memory
__device__ unsigned int g_deep_fallbacks;  // ranges sorted by the deep fallback

// One level of the sort: block b takes ranges[b], of depth `depth`.
__global__ void quicksort_level_kernel(int *a, int *tmp, const Range *ranges, int depth, Range *next,
                                       unsigned int *next_count)
{
    const int lo = ranges[blockIdx.x].lo, hi = ranges[blockIdx.x].hi;
    const int n = hi - lo;
    const int tid = threadIdx.x;

    if (n <= CUTOFF) {
        block_bitonic_sort(a + lo, n);
        if (tid == 0) atomicAdd(&g_leaves, 1u);
        return;
    }
    if (depth >= MAX_DEPTH) {
        block_oddeven_sort(a, lo, hi);
        if (tid == 0) atomicAdd(&g_deep_fallbacks, 1u);
        return;
    }

    const int pivot = median3(a[lo], a[lo + n / 2], a[hi - 1]);
    unsigned int n_less, n_equal;
    block_partition(a, tmp, lo, hi, pivot, &n_less, &n_equal);

    if (tid == 0) {
        const int l_lo = lo, l_hi = lo + (int)n_less;
        const int r_lo = lo + (int)(n_less + n_equal), r_hi = hi;
        if (l_hi - l_lo > 1) next[atomicAdd(next_count, 1u)] = Range{l_lo, l_hi};
        if (r_hi - r_lo > 1) next[atomicAdd(next_count, 1u)] = Range{r_lo, r_hi};
    }
}

int main()
{
    const int n = N_ELEMS;
    std::vector<int> h_in(n), h_out(n);
    make_input(h_in, n);

    // Ranges of one level are disjoint and hold two elements or more.
    const size_t max_ranges = (size_t)n / 2;
    int *d_a = nullptr, *d_tmp = nullptr;
    Range *d_ranges = nullptr, *d_next = nullptr;
    unsigned int *d_next_count = nullptr;
    CHECK(cudaMalloc(&d_a, n * sizeof(int)));
    CHECK(cudaMalloc(&d_tmp, n * sizeof(int)));
    CHECK(cudaMalloc(&d_ranges, max_ranges * sizeof(Range)));
    CHECK(cudaMalloc(&d_next, max_ranges * sizeof(Range)));
    CHECK(cudaMalloc(&d_next_count, sizeof(unsigned int)));

    cudaEvent_t t0, t1;
    CHECK(cudaEventCreate(&t0));
    CHECK(cudaEventCreate(&t1));
    float ms = 0.0f;
    unsigned int partitioned = 0, levels = 0;
    for (int run = 0; run < 2; ++run) {   // run 0: warm-up; run 1: timed
        const unsigned int zero = 0;
        const Range whole = {0, n};
        CHECK(cudaMemcpyToSymbol(g_leaves, &zero, sizeof zero));
        CHECK(cudaMemcpyToSymbol(g_deep_fallbacks, &zero, sizeof zero));
        CHECK(cudaMemcpy(d_a, h_in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
        CHECK(cudaMemcpy(d_ranges, &whole, sizeof whole, cudaMemcpyHostToDevice));
        CHECK(cudaDeviceSynchronize());
        partitioned = 0;
        levels = 0;
        CHECK(cudaEventRecord(t0));
        for (unsigned int count = 1; count != 0; ++levels) {
            CHECK(cudaMemsetAsync(d_next_count, 0, sizeof(unsigned int)));
            quicksort_level_kernel<<<count, THREADS>>>(d_a, d_tmp, d_ranges, (int)levels, d_next, d_next_count);
            CHECK(cudaGetLastError());
            CHECK(cudaMemcpy(&count, d_next_count, sizeof count, cudaMemcpyDeviceToHost));
            partitioned += count;
            std::swap(d_ranges, d_next);
        }
        CHECK(cudaEventRecord(t1));
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaEventElapsedTime(&ms, t0, t1));
    }
    fprintf(stderr, "time_ms: %.3f\n", ms);

    unsigned int leaves = 0, deep = 0;
    CHECK(cudaMemcpy(h_out.data(), d_a, n * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpyFromSymbol(&leaves, g_leaves, sizeof leaves));
    CHECK(cudaMemcpyFromSymbol(&deep, g_deep_fallbacks, sizeof deep));
    CHECK(cudaFree(d_a));
    CHECK(cudaFree(d_tmp));
    CHECK(cudaFree(d_ranges));
    CHECK(cudaFree(d_next));
    CHECK(cudaFree(d_next_count));

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
    printf("quicksort flat (one grid a level) N: %d\n", n);
    printf("output sum: %llu xor: %08x\n", (unsigned long long)out_sum, out_xor);
    printf("checksum: %016llx\n", (unsigned long long)weighted);
    printf("sorted: %s\n", sorted ? "yes" : "no");
    printf("matches std::sort: %s\n", same ? "yes" : "no");
    printf("levels: %u\n", levels);
    printf("ranges below the root: %u (the CDP2 version's launches)\n", partitioned);
    printf("leaf sorts: %u\n", leaves);
    printf("deep fallbacks: %u\n", deep);
    const bool pass = sorted && same;
    printf("RESULT: %s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
