// Benchmark bfs, flat version (no dynamic parallelism): the same graph,
// source and level-synchronous host loop as bfs.cu. Per level, one kernel
// with one thread per frontier vertex expands the vertices of degree at most
// DEGREE_THRESHOLD and queues the others in a hub list; a second kernel
// (HUB_BLOCKS blocks) expands the hubs, one block per hub at a time, its
// threads striding over the neighbours. Two host launches per level, no
// device-side launch. Check: distances against a CPU BFS.
//
// Build: nvcc -arch=sm_90 -O2 bfs_flat.cu -o bfs_flat
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "bfs_common.cuh"

#define SCALE 20                 // 2^20 vertices
#define EDGE_FACTOR 16           // 16 * 2^20 undirected edges drawn
#define DEGREE_THRESHOLD 256     // above this a vertex goes to the hub list
#define THREADS 256
#define MAX_LEVELS 64

#define HUB_BLOCKS 1024

__device__ void visit(int u, int *dist, int *next, unsigned int *next_count, int level)
{
    if (dist[u] < 0 && atomicCAS(&dist[u], -1, level + 1) == -1) next[atomicAdd(next_count, 1u)] = u;
}

// One thread per frontier vertex; high-degree vertices go to the hub list.
__global__ void bfs_flat_level(const int *row, const int *col, int *dist, const int *front, int n_front,
                               int *next, unsigned int *next_count, int *hubs, unsigned int *hub_count,
                               int level)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n_front) return;
    const int v = front[i];
    const int start = row[v], deg = row[v + 1] - row[v];
    if (deg > DEGREE_THRESHOLD) {
        hubs[atomicAdd(hub_count, 1u)] = v;
    } else {
        for (int k = 0; k < deg; ++k) visit(col[start + k], dist, next, next_count, level);
    }
}

// Block-strided over the hubs of this level, thread-strided over a hub's neighbours.
__global__ void bfs_flat_hubs(const int *row, const int *col, int *dist, const int *hubs,
                              const unsigned int *hub_count, int *next, unsigned int *next_count, int level)
{
    const unsigned int nh = *hub_count;
    for (unsigned int h = blockIdx.x; h < nh; h += gridDim.x) {
        const int v = hubs[h];
        for (int k = row[v] + threadIdx.x; k < row[v + 1]; k += blockDim.x)
            visit(col[k], dist, next, next_count, level);
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

    int *d_row = nullptr, *d_col = nullptr, *d_dist = nullptr, *d_front = nullptr, *d_next = nullptr;
    unsigned int *d_counts = nullptr, *d_hub_counts = nullptr;
    int *d_hubs = nullptr;
    CHECK(cudaMalloc(&d_row, (n + 1) * sizeof(int)));
    CHECK(cudaMalloc(&d_col, arcs * sizeof(int)));
    CHECK(cudaMalloc(&d_dist, n * sizeof(int)));
    CHECK(cudaMalloc(&d_front, n * sizeof(int)));
    CHECK(cudaMalloc(&d_next, n * sizeof(int)));
    CHECK(cudaMalloc(&d_counts, MAX_LEVELS * sizeof(unsigned int)));
    CHECK(cudaMalloc(&d_hub_counts, MAX_LEVELS * sizeof(unsigned int)));
    CHECK(cudaMalloc(&d_hubs, n * sizeof(int)));
    CHECK(cudaMemcpy(d_row, g.row.data(), (n + 1) * sizeof(int), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_col, g.col.data(), arcs * sizeof(int), cudaMemcpyHostToDevice));

    cudaEvent_t t0, t1;
    CHECK(cudaEventCreate(&t0));
    CHECK(cudaEventCreate(&t1));
    float ms = 0.0f;
    int levels = 0;
    std::vector<unsigned int> frontier_sizes;
    for (int run = 0; run < 2; ++run) {   // run 0: warm-up; run 1: timed
        const int zero_dist = 0;
        CHECK(cudaMemset(d_hub_counts, 0, MAX_LEVELS * sizeof(unsigned int)));
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
            bfs_flat_level<<<(n_front + THREADS - 1) / THREADS, THREADS>>>(
                d_row, d_col, d_dist, front, (int)n_front, next, d_counts + level, d_hubs,
                d_hub_counts + level, level);
            CHECK(cudaGetLastError());
            bfs_flat_hubs<<<HUB_BLOCKS, THREADS>>>(d_row, d_col, d_dist, d_hubs, d_hub_counts + level, next,
                                                  d_counts + level, level);
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
    CHECK(cudaMemcpy(dist.data(), d_dist, n * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaFree(d_row));
    CHECK(cudaFree(d_col));
    CHECK(cudaFree(d_dist));
    CHECK(cudaFree(d_front));
    CHECK(cudaFree(d_next));
    CHECK(cudaFree(d_counts));
    CHECK(cudaFree(d_hub_counts));
    CHECK(cudaFree(d_hubs));

    const std::vector<int> ref = cpu_bfs(g, source);
    long long mismatches = 0, reached = 0;
    unsigned int hub_visits = 0;
    int max_dist = 0;
    uint64_t checksum = 1469598103934665603ull;
    for (int v = 0; v < n; ++v) {
        mismatches += dist[v] != ref[v];
        if (ref[v] >= 0) {
            ++reached;
            if (ref[v] > max_dist) max_dist = ref[v];
            hub_visits += g.row[v + 1] - g.row[v] > DEGREE_THRESHOLD;
        }
        checksum = (checksum ^ (uint32_t)dist[v]) * 1099511628211ull;
    }
    printf("bfs flat rmat scale: %d edge factor: %d vertices: %d arcs: %lld\n", SCALE, EDGE_FACTOR, n, arcs);
    printf("source: %d degree: %d degree threshold: %d high-degree vertices: %d\n", source, max_deg,
           DEGREE_THRESHOLD, high);
    printf("levels: %d max distance: %d reached: %lld\n", levels, max_dist, reached);
    for (size_t l = 0; l < frontier_sizes.size(); ++l) printf("frontier %zu: %u\n", l, frontier_sizes[l]);
    printf("distance checksum: %016llx\n", (unsigned long long)checksum);
    printf("distance mismatches vs cpu: %lld\n", mismatches);
    printf("hubs expanded by blocks: %u\n", hub_visits);
    const bool pass = mismatches == 0 && levels == max_dist + 1;
    printf("RESULT: %s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
