// Benchmark tree_faf, flat version (no dynamic parallelism): one kernel over
// all 2^DEPTH - 1 nodes of the tree, one 32-thread block per node, computing
// the same per-level counts and hash sums as tree_faf.cu.
//
// Build: nvcc -arch=sm_90 -O2 tree_faf_flat.cu -o tree_faf_flat
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                          \
    do {                                                                     \
        cudaError_t err_ = (call);                                           \
        if (err_ != cudaSuccess) {                                           \
            fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,    \
                    #call, cudaGetErrorString(err_));                        \
            printf("RESULT: FAIL\n");                                        \
            exit(1);                                                         \
        }                                                                    \
    } while (0)

#ifndef DEPTH
#define DEPTH 17
#endif
#ifndef WORKLOAD
#define WORKLOAD "tree_faf"
#endif
#define THREADS 32

__device__ unsigned int g_level_nodes[DEPTH];
__device__ unsigned long long g_level_sum[DEPTH];

__host__ __device__ inline unsigned int node_hash(unsigned int id, unsigned int lane)
{
    unsigned int h = id * 2654435761u ^ (lane + 0x9e3779b9u);
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return h & 0xffffu;
}

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

int main()
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

    bool ok = true;
    unsigned long long total = 0, checksum = 1469598103934665603ull;
    printf("%s flat depth: %d threads per node: %d\n", WORKLOAD, DEPTH, THREADS);
    for (int d = 0; d < DEPTH; ++d) {
        unsigned long long expect = 0;
        for (unsigned int id = 1u << d; id < (2u << d); ++id)
            for (unsigned int lane = 0; lane < THREADS; ++lane) expect += node_hash(id, lane);
        const bool level_ok = nodes[d] == (1u << d) && sums[d] == expect;
        ok = ok && level_ok;
        total += nodes[d];
        checksum = (checksum ^ sums[d]) * 1099511628211ull;
        printf("level %2d: nodes %u sum %llu %s\n", d, nodes[d], sums[d], level_ok ? "ok" : "WRONG");
    }
    printf("grids: %llu\n", total);
    printf("checksum: %016llx\n", checksum);
    printf("RESULT: %s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
