// Benchmark tree_null: a binary tree of tiny grids whose siblings serialize
// in the NULL stream.
//
// Same tree as tree_faf (each node grid <<<1, 32>>> hashes (node, lane),
// sums over the warp, adds to its level's counters), but thread 0 launches
// the node's two children into the NULL stream (stream 0) of its block, so
// the second child starts only when the first child's whole subtree is
// complete: the tree runs as a depth-first walk. DEPTH 12 (4095 grids)
// because a serialized NULL-stream child costs about 85 us natively.
//
// Deterministic output, and a check of the NULL-stream order: each node takes
// a ticket (a global atomic counter) when it starts; NULL-stream semantics
// make the tickets exactly the nodes' preorder ranks, which the host checks.
//
// Build: nvcc -rdc=true -arch=sm_90 -O2 tree_null.cu -o tree_null -lcudadevrt
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define DEPTH 12              // levels: 2^12 - 1 = 4095 grids
#define THREADS 32            // threads per node grid
#define PENDING_LIMIT (1 << (DEPTH + 1))

__device__ unsigned int g_level_nodes[DEPTH];
__device__ unsigned long long g_level_sum[DEPTH];
__device__ unsigned int g_launches;
__device__ unsigned int g_launch_failures;
__device__ unsigned int g_ticket;

#include "../common/tree_common.cuh"

__global__ void tree_node(unsigned int *tickets, unsigned int id, int depth, int max_depth)
{
    unsigned int v = node_hash(id, threadIdx.x);
    for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
    if (threadIdx.x == 0) {
        tickets[id] = atomicAdd(&g_ticket, 1u);
        atomicAdd(&g_level_nodes[depth], 1u);
        atomicAdd(&g_level_sum[depth], (unsigned long long)v);
        if (depth + 1 < max_depth) {
            tree_node<<<1, THREADS, 0, 0>>>(tickets, 2u * id, depth + 1, max_depth);
            if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_failures, 1u);
            else atomicAdd(&g_launches, 1u);
            tree_node<<<1, THREADS, 0, 0>>>(tickets, 2u * id + 1u, depth + 1, max_depth);
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
    CHECK(cudaMemcpyToSymbol(g_ticket, &zero, sizeof zero));
}

int main()
{
    CHECK(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, PENDING_LIMIT));
    const size_t nticket = (size_t)1 << DEPTH;
    unsigned int *d_tickets = nullptr;
    CHECK(cudaMalloc(&d_tickets, nticket * sizeof(unsigned int)));
    cudaEvent_t t0, t1;
    CHECK(cudaEventCreate(&t0));
    CHECK(cudaEventCreate(&t1));

    float ms = 0.0f;
    for (int run = 0; run < 2; ++run) {   // run 0: warm-up; run 1: timed
        reset_counters();
        CHECK(cudaMemset(d_tickets, 0xff, nticket * sizeof(unsigned int)));
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaEventRecord(t0));
        tree_node<<<1, THREADS>>>(d_tickets, 1u, 0, DEPTH);
        CHECK(cudaGetLastError());
        CHECK(cudaEventRecord(t1));
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaEventElapsedTime(&ms, t0, t1));
    }
    fprintf(stderr, "time_ms: %.3f\n", ms);

    unsigned int nodes[DEPTH], launches = 0, failures = 0;
    unsigned long long sums[DEPTH];
    std::vector<unsigned int> tickets(nticket);
    CHECK(cudaMemcpyFromSymbol(nodes, g_level_nodes, sizeof nodes));
    CHECK(cudaMemcpyFromSymbol(sums, g_level_sum, sizeof sums));
    CHECK(cudaMemcpyFromSymbol(&launches, g_launches, sizeof launches));
    CHECK(cudaMemcpyFromSymbol(&failures, g_launch_failures, sizeof failures));
    CHECK(cudaMemcpy(tickets.data(), d_tickets, nticket * sizeof(unsigned int), cudaMemcpyDeviceToHost));
    CHECK(cudaFree(d_tickets));

    unsigned long long total = 0, checksum = 1469598103934665603ull;
    printf("tree_null depth: %d threads per grid: %d stream: NULL (siblings serialized)\n", DEPTH, THREADS);
    const bool ok = check_tree_levels(nodes, sums, total, checksum);
    const unsigned int out_of_order = nodes_not_in_preorder(tickets);
    const unsigned int expect_launches = (1u << DEPTH) - 2u;
    printf("grids: %llu\n", total);
    printf("checksum: %016llx\n", checksum);
    printf("nodes not in preorder: %u\n", out_of_order);
    printf("launches: %u\n", launches);
    printf("expected launches: %u\n", expect_launches);
    printf("launch_failures: %u\n", failures);
    const bool pass = ok && out_of_order == 0 && failures == 0 && launches == expect_launches;
    printf("RESULT: %s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
