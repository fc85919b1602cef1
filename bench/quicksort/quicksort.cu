// Benchmark quicksort: recursive GPU quicksort with CUDA Dynamic Parallelism
// (CDP2), the sample samples/quicksort on 16M ints.
//
// One block (1024 threads) owns a range [lo, hi) of the array. Above a cutoff
// it picks a median-of-three pivot, partitions the range stably into
// (< pivot, == pivot, > pivot) through a scratch buffer, and thread 0 launches
// one child grid per side that still needs sorting, into the fire-and-forget
// stream (siblings need not wait for each other). At or below the cutoff the
// block sorts its range with a bitonic sort in shared memory; at depth
// MAX_DEPTH a larger range falls back to an in-block odd-even transposition
// sort, so native nesting never goes beyond MAX_DEPTH device levels (22 here:
// 23 levels with the host's grid, under native CDP2's 24). The tree has about
// 14k device launches; the host raises the pending-launch limit to 16384 so
// that none can fail. The timed part is the sort alone, after a warm-up run
// on the same input.
//
// The partition is stable and deterministic, so the launch tree is a pure
// function of the input: the host replays it on the CPU and checks the
// number of device launches and the depth reached, besides checking the
// result against std::sort.
//
// Build: nvcc -rdc=true -arch=sm_90 -O2 quicksort.cu -o quicksort -lcudadevrt
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "quicksort_block.cuh"
#include "quicksort_common.cuh"

#define N_ELEMS (1 << 24)
#define PENDING_LIMIT 16384

__device__ unsigned int g_launches;        // successful device launches
__device__ unsigned int g_launch_errors;   // failed device launches
__device__ unsigned int g_max_depth;       // deepest grid that ran
__device__ unsigned int g_leaves;          // ranges sorted in shared memory
__device__ unsigned int g_deep_fallbacks;  // ranges sorted by the deep fallback

__global__ void quicksort_kernel(int *a, int *tmp, int lo, int hi, int depth)
{
    const int n = hi - lo;
    const int tid = threadIdx.x;
    if (tid == 0) atomicMax(&g_max_depth, (unsigned int)depth);

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
    block_partition(a, tmp, lo, hi, pivot, &n_less, &n_equal);   // the children see the whole block's writes

    if (tid == 0) {
        const int l_lo = lo, l_hi = lo + (int)n_less;
        const int r_lo = lo + (int)(n_less + n_equal), r_hi = hi;
        if (l_hi - l_lo > 1) {
            quicksort_kernel<<<1, THREADS, 0, cudaStreamFireAndForget>>>(a, tmp, l_lo, l_hi, depth + 1);
            if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
            else atomicAdd(&g_launches, 1u);
        }
        if (r_hi - r_lo > 1) {
            quicksort_kernel<<<1, THREADS, 0, cudaStreamFireAndForget>>>(a, tmp, r_lo, r_hi, depth + 1);
            if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
            else atomicAdd(&g_launches, 1u);
        }
    }
}

// CPU replay of the launch tree (same pivots, same stable partition).
struct TreeStats {
    unsigned int launches = 0, max_depth = 0, leaves = 0, deep = 0;
};

static void cpu_tree(std::vector<int> &a, std::vector<int> &tmp, int lo, int hi, int depth,
                     TreeStats &st)
{
    const int n = hi - lo;
    if ((unsigned int)depth > st.max_depth) st.max_depth = depth;
    if (n <= CUTOFF) {
        std::sort(a.begin() + lo, a.begin() + hi);
        st.leaves++;
        return;
    }
    if (depth >= MAX_DEPTH) {
        std::sort(a.begin() + lo, a.begin() + hi);
        st.deep++;
        return;
    }
    const int pivot = median3(a[lo], a[lo + n / 2], a[hi - 1]);
    int k = lo;
    for (int i = lo; i < hi; ++i) if (a[i] < pivot) tmp[k++] = a[i];
    const int l_hi = k;
    for (int i = lo; i < hi; ++i) if (a[i] == pivot) tmp[k++] = a[i];
    const int r_lo = k;
    for (int i = lo; i < hi; ++i) if (a[i] > pivot) tmp[k++] = a[i];
    std::copy(tmp.begin() + lo, tmp.begin() + hi, a.begin() + lo);
    if (l_hi - lo > 1) {
        st.launches++;
        cpu_tree(a, tmp, lo, l_hi, depth + 1, st);
    }
    if (hi - r_lo > 1) {
        st.launches++;
        cpu_tree(a, tmp, r_lo, hi, depth + 1, st);
    }
}

int main()
{
    const int n = N_ELEMS;
    std::vector<int> h_in(n), h_out(n);
    make_input(h_in, n);

    CHECK(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, PENDING_LIMIT));
    int *d_a = nullptr, *d_tmp = nullptr;
    CHECK(cudaMalloc(&d_a, n * sizeof(int)));
    CHECK(cudaMalloc(&d_tmp, n * sizeof(int)));

    cudaEvent_t t0, t1;
    CHECK(cudaEventCreate(&t0));
    CHECK(cudaEventCreate(&t1));
    float ms = 0.0f;
    for (int run = 0; run < 2; ++run) {   // run 0: warm-up; run 1: timed
        const unsigned int zero = 0;
        CHECK(cudaMemcpyToSymbol(g_launches, &zero, sizeof zero));
        CHECK(cudaMemcpyToSymbol(g_launch_errors, &zero, sizeof zero));
        CHECK(cudaMemcpyToSymbol(g_max_depth, &zero, sizeof zero));
        CHECK(cudaMemcpyToSymbol(g_leaves, &zero, sizeof zero));
        CHECK(cudaMemcpyToSymbol(g_deep_fallbacks, &zero, sizeof zero));
        CHECK(cudaMemcpy(d_a, h_in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaEventRecord(t0));
        quicksort_kernel<<<1, THREADS>>>(d_a, d_tmp, 0, n, 0);
        CHECK(cudaGetLastError());
        CHECK(cudaEventRecord(t1));
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaEventElapsedTime(&ms, t0, t1));
    }
    fprintf(stderr, "time_ms: %.3f\n", ms);

    CHECK(cudaMemcpy(h_out.data(), d_a, n * sizeof(int), cudaMemcpyDeviceToHost));
    unsigned int launches = 0, errors = 0, max_depth = 0, leaves = 0, deep = 0;
    CHECK(cudaMemcpyFromSymbol(&launches, g_launches, sizeof launches));
    CHECK(cudaMemcpyFromSymbol(&errors, g_launch_errors, sizeof errors));
    CHECK(cudaMemcpyFromSymbol(&max_depth, g_max_depth, sizeof max_depth));
    CHECK(cudaMemcpyFromSymbol(&leaves, g_leaves, sizeof leaves));
    CHECK(cudaMemcpyFromSymbol(&deep, g_deep_fallbacks, sizeof deep));

    // Expected result and launch tree, from the CPU.
    std::vector<int> ref(h_in), scratch(n);
    TreeStats st;
    cpu_tree(ref, scratch, 0, n, 0, st);
    std::vector<int> sorted_ref(h_in);
    std::sort(sorted_ref.begin(), sorted_ref.end());
    const bool cpu_ok = ref == sorted_ref;

    bool sorted = true;
    for (int i = 1; i < n; ++i) if (h_out[i - 1] > h_out[i]) { sorted = false; break; }
    const bool same = h_out == sorted_ref;   // sorted and a permutation of the input

    uint64_t in_sum = 0, out_sum = 0, weighted = 0;
    uint32_t in_xor = 0, out_xor = 0;
    for (int i = 0; i < n; ++i) {
        in_sum += (uint64_t)(int64_t)h_in[i];
        in_xor ^= (uint32_t)h_in[i];
        out_sum += (uint64_t)(int64_t)h_out[i];
        out_xor ^= (uint32_t)h_out[i];
        weighted = weighted * 1099511628211ull + (uint32_t)h_out[i];
    }

    printf("quicksort N: %d\n", n);
    printf("input  sum: %llu xor: %08x\n", (unsigned long long)in_sum, in_xor);
    printf("output sum: %llu xor: %08x\n", (unsigned long long)out_sum, out_xor);
    printf("checksum: %016llx\n", (unsigned long long)weighted);
    printf("sorted: %s\n", sorted ? "yes" : "no");
    printf("matches std::sort: %s\n", same ? "yes" : "no");
    printf("launches: %u\n", launches);
    printf("expected launches: %u\n", st.launches);
    printf("launch_failures: %u\n", errors);
    printf("max depth: %u (expected %u)\n", max_depth, st.max_depth);
    printf("leaf sorts: %u (expected %u)\n", leaves, st.leaves);
    printf("deep fallbacks: %u (expected %u)\n", deep, st.deep);

    const bool pass = cpu_ok && sorted && same && errors == 0 && launches == st.launches &&
                      max_depth == st.max_depth && leaves == st.leaves && deep == st.deep &&
                      in_sum == out_sum && in_xor == out_xor;
    CHECK(cudaFree(d_a));
    CHECK(cudaFree(d_tmp));
    printf("RESULT: %s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
