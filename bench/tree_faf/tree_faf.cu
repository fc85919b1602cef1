// Benchmark tree_faf: a deep binary tree of tiny grids, fire-and-forget.
//
// The host launches the root grid <<<1, 32>>>. Every node grid does a tiny
// amount of work (each thread hashes its (node, lane) pair, the warp sums the
// hashes, thread 0 adds the sum and a count to its level's counters), then
// thread 0 launches the node's two children <<<1, 32>>> into the
// fire-and-forget stream, down to DEPTH levels: 2^DEPTH - 1 grids in all,
// 2^DEPTH - 2 of them launched from the device. Every launch's status is
// checked; the pending-launch limit is raised so that none can fail.
//
// Deterministic output: per-level node counts and hash sums do not depend on
// the schedule. The flat version (tree_faf_flat.cu) computes the same sums
// with one kernel over all nodes.
//
// Build: nvcc -rdc=true -arch=sm_90 -O2 tree_faf.cu -o tree_faf -lcudadevrt
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#define DEPTH 17              // levels: 2^17 - 1 = 131071 grids
#define THREADS 32            // threads per node grid
#define PENDING_LIMIT (1 << DEPTH)

__device__ unsigned int g_level_nodes[DEPTH];
__device__ unsigned long long g_level_sum[DEPTH];
__device__ unsigned int g_launches;
__device__ unsigned int g_launch_failures;

#include "../common/tree_common.cuh"

__global__ void tree_node(unsigned int id, int depth, int max_depth)
{
    unsigned int v = node_hash(id, threadIdx.x);
    for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
    if (threadIdx.x == 0) {
        atomicAdd(&g_level_nodes[depth], 1u);
        atomicAdd(&g_level_sum[depth], (unsigned long long)v);
        if (depth + 1 < max_depth) {
            tree_node<<<1, THREADS, 0, cudaStreamFireAndForget>>>(2u * id, depth + 1, max_depth);
            if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_failures, 1u);
            else atomicAdd(&g_launches, 1u);
            tree_node<<<1, THREADS, 0, cudaStreamFireAndForget>>>(2u * id + 1u, depth + 1, max_depth);
            if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_failures, 1u);
            else atomicAdd(&g_launches, 1u);
        }
    }
}

static void reset_counters()
{
    static const unsigned int zeros32[DEPTH] = {0};
    static const unsigned long long zeros64[DEPTH] = {0};
    const unsigned int zero = 0;
    CHECK(cudaMemcpyToSymbol(g_level_nodes, zeros32, sizeof zeros32));
    CHECK(cudaMemcpyToSymbol(g_level_sum, zeros64, sizeof zeros64));
    CHECK(cudaMemcpyToSymbol(g_launches, &zero, sizeof zero));
    CHECK(cudaMemcpyToSymbol(g_launch_failures, &zero, sizeof zero));
}

int main()
{
    CHECK(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, PENDING_LIMIT));
    cudaEvent_t t0, t1;
    CHECK(cudaEventCreate(&t0));
    CHECK(cudaEventCreate(&t1));

    float ms = 0.0f;
    for (int run = 0; run < 2; ++run) {   // run 0: warm-up; run 1: timed
        reset_counters();
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaEventRecord(t0));
        tree_node<<<1, THREADS>>>(1u, 0, DEPTH);
        CHECK(cudaGetLastError());
        CHECK(cudaEventRecord(t1));
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaEventElapsedTime(&ms, t0, t1));
    }
    fprintf(stderr, "time_ms: %.3f\n", ms);

    unsigned int nodes[DEPTH], launches = 0, failures = 0;
    unsigned long long sums[DEPTH];
    CHECK(cudaMemcpyFromSymbol(nodes, g_level_nodes, sizeof nodes));
    CHECK(cudaMemcpyFromSymbol(sums, g_level_sum, sizeof sums));
    CHECK(cudaMemcpyFromSymbol(&launches, g_launches, sizeof launches));
    CHECK(cudaMemcpyFromSymbol(&failures, g_launch_failures, sizeof failures));

    unsigned long long total = 0, checksum = 1469598103934665603ull;
    printf("tree_faf depth: %d threads per grid: %d stream: fire-and-forget\n", DEPTH, THREADS);
    const bool ok = check_tree_levels(nodes, sums, total, checksum);
    const unsigned int expect_launches = (1u << DEPTH) - 2u;
    printf("grids: %llu\n", total);
    printf("checksum: %016llx\n", checksum);
    printf("launches: %u\n", launches);
    printf("expected launches: %u\n", expect_launches);
    printf("launch_failures: %u\n", failures);
    const bool pass = ok && failures == 0 && launches == expect_launches;
    printf("RESULT: %s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
