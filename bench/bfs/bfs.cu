// Benchmark bfs: level-synchronous breadth-first search on a power-law graph
// with CUDA Dynamic Parallelism (CDP2).
//
// Graph: R-MAT (a, b, c, d = 0.57, 0.19, 0.19, 0.05), 2^20 vertices,
// 16 * 2^20 edges drawn with a fixed-seed 64-bit LCG on the host, made
// undirected (both directions stored), self-loops dropped, duplicates kept,
// stored as CSR. The source is the vertex of highest degree (the lowest id
// among ties).
//
// The host runs one kernel per level over the frontier (one thread per
// frontier vertex) and reads the next frontier's size after it. A vertex of
// degree at most DEGREE_THRESHOLD is expanded by its own thread; a vertex of
// higher degree launches a child grid over its neighbours (one thread per
// neighbour) into the fire-and-forget stream. A neighbour is claimed with
// atomicCAS on its distance and appended to the next frontier. The
// pending-launch limit is raised to at least the number of high-degree
// vertices, so no launch can fail.
//
// Deterministic output: distances, frontier sizes and the number of child
// launches do not depend on the schedule (the order inside a frontier does,
// and is never printed). The check is a CPU BFS.
//
// Build: nvcc -rdc=true -arch=sm_90 -O2 bfs.cu -o bfs -lcudadevrt
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "bfs_common.cuh"

#define SCALE 20                 // 2^20 vertices
#define EDGE_FACTOR 16           // 16 * 2^20 undirected edges drawn
#define DEGREE_THRESHOLD 256     // above this a vertex launches a child grid
#define THREADS 256
#define MAX_LEVELS 64

__device__ unsigned int g_launches;
__device__ unsigned int g_launch_failures;

__device__ void visit(int u, int *dist, int *next, unsigned int *next_count, int level)
{
    if (dist[u] < 0 && atomicCAS(&dist[u], -1, level + 1) == -1) next[atomicAdd(next_count, 1u)] = u;
}

// Child grid: one thread per neighbour of one high-degree vertex.
__global__ void bfs_expand(const int *col, int start, int deg, int *dist, int *next,
                           unsigned int *next_count, int level)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < deg) visit(col[start + i], dist, next, next_count, level);
}

// One thread per frontier vertex.
__global__ void bfs_level(const int *row, const int *col, int *dist, const int *front, int n_front,
                          int *next, unsigned int *next_count, int level)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n_front) return;
    const int v = front[i];
    const int start = row[v], deg = row[v + 1] - row[v];
    if (deg > DEGREE_THRESHOLD) {
        bfs_expand<<<(deg + THREADS - 1) / THREADS, THREADS, 0, cudaStreamFireAndForget>>>(
            col, start, deg, dist, next, next_count, level);
        if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_failures, 1u);
        else atomicAdd(&g_launches, 1u);
    } else {
        for (int k = 0; k < deg; ++k) visit(col[start + k], dist, next, next_count, level);
    }
}

int main()
{
    const Graph g = make_rmat(SCALE, EDGE_FACTOR);
    const int n = g.n;
    const long long arcs = (long long)g.col.size();
    int source = 0, high = 0, max_deg = 0;
    for (int v = 0; v < n; ++v) {
        const int d = g.row[v + 1] - g.row[v];
        if (d > max_deg) {
            max_deg = d;
            source = v;
        }
        high += d > DEGREE_THRESHOLD;
    }
    size_t pending_limit = 2048;
    while (pending_limit < (size_t)high) pending_limit *= 2;
    CHECK(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, pending_limit));

    int *d_row = nullptr, *d_col = nullptr, *d_dist = nullptr, *d_front = nullptr, *d_next = nullptr;
    unsigned int *d_counts = nullptr;
    CHECK(cudaMalloc(&d_row, (n + 1) * sizeof(int)));
    CHECK(cudaMalloc(&d_col, arcs * sizeof(int)));
    CHECK(cudaMalloc(&d_dist, n * sizeof(int)));
    CHECK(cudaMalloc(&d_front, n * sizeof(int)));
    CHECK(cudaMalloc(&d_next, n * sizeof(int)));
    CHECK(cudaMalloc(&d_counts, MAX_LEVELS * sizeof(unsigned int)));
    CHECK(cudaMemcpy(d_row, g.row.data(), (n + 1) * sizeof(int), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_col, g.col.data(), arcs * sizeof(int), cudaMemcpyHostToDevice));

    cudaEvent_t t0, t1;
    CHECK(cudaEventCreate(&t0));
    CHECK(cudaEventCreate(&t1));
    float ms = 0.0f;
    int levels = 0;
    std::vector<unsigned int> frontier_sizes;
    for (int run = 0; run < 2; ++run) {   // run 0: warm-up; run 1: timed
        const unsigned int zero = 0;
        const int zero_dist = 0;
        CHECK(cudaMemcpyToSymbol(g_launches, &zero, sizeof zero));
        CHECK(cudaMemcpyToSymbol(g_launch_failures, &zero, sizeof zero));
        CHECK(cudaMemset(d_dist, 0xff, n * sizeof(int)));
        CHECK(cudaMemset(d_counts, 0, MAX_LEVELS * sizeof(unsigned int)));
        CHECK(cudaMemcpy(d_dist + source, &zero_dist, sizeof(int), cudaMemcpyHostToDevice));
        CHECK(cudaMemcpy(d_front, &source, sizeof(int), cudaMemcpyHostToDevice));
        CHECK(cudaDeviceSynchronize());
        frontier_sizes.assign(1, 1u);
        int *front = d_front, *next = d_next;
        unsigned int n_front = 1;
        int level = 0;
        CHECK(cudaEventRecord(t0));
        while (n_front > 0 && level < MAX_LEVELS) {
            bfs_level<<<(n_front + THREADS - 1) / THREADS, THREADS>>>(d_row, d_col, d_dist, front, (int)n_front,
                                                                     next, d_counts + level, level);
            CHECK(cudaGetLastError());
            CHECK(cudaMemcpy(&n_front, d_counts + level, sizeof n_front, cudaMemcpyDeviceToHost));
            int *t = front;
            front = next;
            next = t;
            ++level;
            if (n_front > 0) frontier_sizes.push_back(n_front);
        }
        CHECK(cudaEventRecord(t1));
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaEventElapsedTime(&ms, t0, t1));
        levels = level;
    }
    fprintf(stderr, "time_ms: %.3f\n", ms);

    std::vector<int> dist(n);
    unsigned int launches = 0, failures = 0;
    CHECK(cudaMemcpy(dist.data(), d_dist, n * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpyFromSymbol(&launches, g_launches, sizeof launches));
    CHECK(cudaMemcpyFromSymbol(&failures, g_launch_failures, sizeof failures));
    CHECK(cudaFree(d_row));
    CHECK(cudaFree(d_col));
    CHECK(cudaFree(d_dist));
    CHECK(cudaFree(d_front));
    CHECK(cudaFree(d_next));
    CHECK(cudaFree(d_counts));

    const std::vector<int> ref = cpu_bfs(g, source);
    long long mismatches = 0, reached = 0;
    unsigned int expect_launches = 0;
    int max_dist = 0;
    uint64_t checksum = 1469598103934665603ull;
    for (int v = 0; v < n; ++v) {
        mismatches += dist[v] != ref[v];
        if (ref[v] >= 0) {
            ++reached;
            if (ref[v] > max_dist) max_dist = ref[v];
            expect_launches += g.row[v + 1] - g.row[v] > DEGREE_THRESHOLD;
        }
        checksum = (checksum ^ (uint32_t)dist[v]) * 1099511628211ull;
    }
    printf("bfs rmat scale: %d edge factor: %d vertices: %d arcs: %lld\n", SCALE, EDGE_FACTOR, n, arcs);
    printf("source: %d degree: %d degree threshold: %d high-degree vertices: %d\n", source, max_deg,
           DEGREE_THRESHOLD, high);
    printf("levels: %d max distance: %d reached: %lld\n", levels, max_dist, reached);
    for (size_t l = 0; l < frontier_sizes.size(); ++l) printf("frontier %zu: %u\n", l, frontier_sizes[l]);
    printf("distance checksum: %016llx\n", (unsigned long long)checksum);
    printf("distance mismatches vs cpu: %lld\n", mismatches);
    printf("launches: %u\n", launches);
    printf("expected launches: %u\n", expect_launches);
    printf("launch_failures: %u\n", failures);
    const bool pass = mismatches == 0 && failures == 0 && launches == expect_launches &&
                      levels == max_dist + 1;
    printf("RESULT: %s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
