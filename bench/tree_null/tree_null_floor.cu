// Benchmark tree_null, floor version (no dynamic parallelism): the least
// time that any way of running tree_null can take on this GPU, lowered or
// native.
//
// tree_null's order serializes its 4095 grids: each starts only once the one
// before it in preorder is complete, and a grid is complete only once its
// thread 0 has had the answer of its ticket atomic (it stores the ticket).
// So the grids' bodies run one after another whatever the runtime does.
// Here they run back to back in one 32-thread block, in preorder, with no
// launch, no record and no hand-off between them: each body is tree_node's
// of tree_null.cu without its launches. native/floor is the most that any
// lowering can gain on tree_null, whatever its launches cost.
//
// Same checks as tree_null.cu: per-level counts and hash sums, and tickets
// in preorder.
//
// Build: nvcc -arch=sm_90 -O2 tree_null_floor.cu -o tree_null_floor
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define DEPTH 12
#define THREADS 32

__device__ unsigned int g_level_nodes[DEPTH];
__device__ unsigned long long g_level_sum[DEPTH];
__device__ unsigned int g_ticket;

#include "../common/tree_common.cuh"

// Every node in preorder (heap numbering from 1): down to the left child
// while there is one, else up past the right children, then over to the
// right sibling. The root is a right child of nobody: climbing past it ends.
__global__ void nodes_in_preorder(unsigned int *tickets)
{
    unsigned int id = 1u;
    int depth = 0;
    for (;;) {
        unsigned int v = node_hash(id, threadIdx.x);
        for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
        if (threadIdx.x == 0) {
            tickets[id] = atomicAdd(&g_ticket, 1u);
            atomicAdd(&g_level_nodes[depth], 1u);
            atomicAdd(&g_level_sum[depth], (unsigned long long)v);
        }
        __syncthreads();
        if (depth + 1 < DEPTH) {
            id = 2u * id;
            ++depth;
            continue;
        }
        while (id & 1u) {
            id >>= 1;
            --depth;
        }
        if (id == 0u) break;
        id += 1u;
    }
}

static void reset_counters()
{
    static const unsigned int zeros32[DEPTH] = {0};
    static const unsigned long long zeros64[DEPTH] = {0};
    const unsigned int zero = 0;
    CHECK(cudaMemcpyToSymbol(g_level_nodes, zeros32, sizeof zeros32));
    CHECK(cudaMemcpyToSymbol(g_level_sum, zeros64, sizeof zeros64));
    CHECK(cudaMemcpyToSymbol(g_ticket, &zero, sizeof zero));
}

int main()
{
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
        nodes_in_preorder<<<1, THREADS>>>(d_tickets);
        CHECK(cudaGetLastError());
        CHECK(cudaEventRecord(t1));
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaEventElapsedTime(&ms, t0, t1));
    }
    fprintf(stderr, "time_ms: %.3f\n", ms);

    unsigned int nodes[DEPTH];
    unsigned long long sums[DEPTH];
    std::vector<unsigned int> tickets(nticket);
    CHECK(cudaMemcpyFromSymbol(nodes, g_level_nodes, sizeof nodes));
    CHECK(cudaMemcpyFromSymbol(sums, g_level_sum, sizeof sums));
    CHECK(cudaMemcpy(tickets.data(), d_tickets, nticket * sizeof(unsigned int), cudaMemcpyDeviceToHost));
    CHECK(cudaFree(d_tickets));

    unsigned long long total = 0, checksum = 1469598103934665603ull;
    printf("tree_null floor depth: %d threads per node: %d\n", DEPTH, THREADS);
    const bool ok = check_tree_levels(nodes, sums, total, checksum);
    const unsigned int out_of_order = nodes_not_in_preorder(tickets);
    printf("grids: %llu\n", total);
    printf("checksum: %016llx\n", checksum);
    printf("nodes not in preorder: %u\n", out_of_order);
    printf("RESULT: %s\n", ok && out_of_order == 0 ? "PASS" : "FAIL");
    return ok && out_of_order == 0 ? 0 : 1;
}
