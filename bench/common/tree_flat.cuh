// Shared by tree_faf_flat.cu and tree_null_flat.cu, which differ only in
// DEPTH and WORKLOAD: one kernel over all 2^DEPTH - 1 nodes of the tree, one
// 32-thread block per node (launched from the host only), and the host code
// that times it and checks the per-level counts and hash sums.
#ifndef CDPL_BENCH_TREE_FLAT_CUH
#define CDPL_BENCH_TREE_FLAT_CUH

#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#define THREADS 32

__device__ unsigned int g_level_nodes[DEPTH];
__device__ unsigned long long g_level_sum[DEPTH];

#include "tree_common.cuh"

__global__ void all_nodes(void)
{
    const unsigned int id = blockIdx.x + 1u;
    const int depth = 31 - __clz((int)id);
    unsigned int v = node_hash(id, threadIdx.x);
    for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
    if (threadIdx.x == 0) {
        atomicAdd(&g_level_nodes[depth], 1u);
        atomicAdd(&g_level_sum[depth], (unsigned long long)v);
    }
}

// The whole flat benchmark; the caller defines DEPTH and WORKLOAD first.
static inline int run_tree_flat()
{
    cudaEvent_t t0, t1;
    CHECK(cudaEventCreate(&t0));
    CHECK(cudaEventCreate(&t1));
    const unsigned int nodes_total = (1u << DEPTH) - 1u;

    float ms = 0.0f;
    for (int run = 0; run < 2; ++run) {   // run 0: warm-up; run 1: timed
        static const unsigned int zeros32[DEPTH] = {0};
        static const unsigned long long zeros64[DEPTH] = {0};
        CHECK(cudaMemcpyToSymbol(g_level_nodes, zeros32, sizeof zeros32));
        CHECK(cudaMemcpyToSymbol(g_level_sum, zeros64, sizeof zeros64));
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaEventRecord(t0));
        all_nodes<<<nodes_total, THREADS>>>();
        CHECK(cudaGetLastError());
        CHECK(cudaEventRecord(t1));
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaEventElapsedTime(&ms, t0, t1));
    }
    fprintf(stderr, "time_ms: %.3f\n", ms);

    unsigned int nodes[DEPTH];
    unsigned long long sums[DEPTH];
    CHECK(cudaMemcpyFromSymbol(nodes, g_level_nodes, sizeof nodes));
    CHECK(cudaMemcpyFromSymbol(sums, g_level_sum, sizeof sums));

    unsigned long long total = 0, checksum = 1469598103934665603ull;
    printf("%s flat depth: %d threads per node: %d\n", WORKLOAD, DEPTH, THREADS);
    const bool ok = check_tree_levels(nodes, sums, total, checksum);
    printf("grids: %llu\n", total);
    printf("checksum: %016llx\n", checksum);
    printf("RESULT: %s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}

#endif
