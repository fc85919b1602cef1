// Benchmark quadtree, flat version (no dynamic parallelism): the same points
// and the same tree as quadtree.cu, built level by level: the host launches
// one kernel per level with one block per node of that level (the same
// per-node count / partition / leaf code), which appends the nodes of the
// next level to a list instead of launching them; the host reads the list's
// length after each level. Same checks as quadtree.cu.
//
// Build: nvcc -arch=sm_90 -O2 quadtree_flat.cu -o quadtree_flat
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define N_POINTS (1 << 22)
#define LEAF_MAX 64           // a square with more points is split
#define MAX_DEPTH 16          // squares at this depth are leaves whatever their size
#define THREADS 256
#define UNROLL 4              // points loaded per thread before they are processed
#define N_CLUSTERS 32

struct Node {
    int begin, end, depth, pad;
    float x0, y0, x1, y1;
};

struct Leaf {
    int begin, end, depth, pad;
    float x0, y0, x1, y1;
};

__device__ unsigned int g_nodes;       // node grids that ran
__device__ unsigned int g_leaf_count;
__device__ unsigned int g_max_depth;   // deepest leaf

__host__ __device__ inline int quadrant(float2 p, float mx, float my)
{
    return (p.x >= mx ? 1 : 0) | (p.y >= my ? 2 : 0);
}

__global__ void quadtree_level(const Node *nodes, const float2 *src, float2 *dst, float2 *out, Leaf *leaves,
                               int leaf_capacity, Node *next_nodes, unsigned int *next_count)
{
    const Node node = nodes[blockIdx.x];
    const int begin = node.begin, end = node.end, depth = node.depth;
    const float x0 = node.x0, y0 = node.y0, x1 = node.x1, y1 = node.y1;
    __shared__ unsigned int s_count[4];
    __shared__ unsigned int s_fill[4];
    const int tid = threadIdx.x;
    const int lane = tid & 31;
    const unsigned int lane_lt = (1u << lane) - 1u;
    const float mx = __fmul_rn(0.5f, __fadd_rn(x0, x1));
    const float my = __fmul_rn(0.5f, __fadd_rn(y0, y1));
    if (tid < 4) s_count[tid] = 0;
    if (tid == 0) atomicAdd(&g_nodes, 1u);
    __syncthreads();

    // Pass 1: points per quadrant.
    unsigned int c[4] = {0, 0, 0, 0};
    for (int base = begin; base < end; base += UNROLL * THREADS) {
        float2 p[UNROLL];
#pragma unroll
        for (int k = 0; k < UNROLL; ++k) {
            const int i = base + k * THREADS + tid;
            if (i < end) p[k] = src[i];
        }
#pragma unroll
        for (int k = 0; k < UNROLL; ++k)
            if (base + k * THREADS + tid < end) ++c[quadrant(p[k], mx, my)];
    }
#pragma unroll
    for (int q = 0; q < 4; ++q)
        if (c[q]) atomicAdd(&s_count[q], c[q]);
    __syncthreads();
    int off[4];
    off[0] = begin;
    for (int q = 1; q < 4; ++q) off[q] = off[q - 1] + (int)s_count[q - 1];
    if (tid < 4) s_fill[tid] = (unsigned int)off[tid];
    __syncthreads();

    // Pass 2: scatter into dst, one shared atomic per warp and quadrant.
    for (int base = begin; base < end; base += UNROLL * THREADS) {
        float2 p[UNROLL];
#pragma unroll
        for (int k = 0; k < UNROLL; ++k) {
            const int i = base + k * THREADS + tid;
            if (i < end) p[k] = src[i];
        }
#pragma unroll
        for (int k = 0; k < UNROLL; ++k) {
            const int q = base + k * THREADS + tid < end ? quadrant(p[k], mx, my) : -1;
#pragma unroll
            for (int qq = 0; qq < 4; ++qq) {
                const unsigned int m = __ballot_sync(0xffffffffu, q == qq);
                if (m == 0) continue;
                const int leader = __ffs(m) - 1;
                unsigned int pos = 0;
                if (lane == leader) pos = atomicAdd(&s_fill[qq], (unsigned int)__popc(m));
                pos = __shfl_sync(0xffffffffu, pos, leader);
                if (q == qq) dst[pos + __popc(m & lane_lt)] = p[k];
            }
        }
    }
    __syncthreads();

    // Children and leaves.
    for (int q = 0; q < 4; ++q) {
        const int qb = off[q], qe = off[q] + (int)s_count[q];
        const int n = qe - qb;
        const float qx0 = (q & 1) ? mx : x0, qx1 = (q & 1) ? x1 : mx;
        const float qy0 = (q & 2) ? my : y0, qy1 = (q & 2) ? y1 : my;
        if (n > LEAF_MAX && depth + 1 < MAX_DEPTH) {
            if (tid == 0) next_nodes[atomicAdd(next_count, 1u)] = Node{qb, qe, depth + 1, 0, qx0, qy0, qx1, qy1};
        } else if (n > 0) {
            for (int i = qb + tid; i < qe; i += THREADS) out[i] = dst[i];
            if (tid == 0) {
                const unsigned int idx = atomicAdd(&g_leaf_count, 1u);
                if (idx < (unsigned int)leaf_capacity) {
                    Leaf l;
                    l.begin = qb;
                    l.end = qe;
                    l.depth = depth + 1;
                    l.pad = 0;
                    l.x0 = qx0;
                    l.y0 = qy0;
                    l.x1 = qx1;
                    l.y1 = qy1;
                    leaves[idx] = l;
                }
                atomicMax(&g_max_depth, (unsigned int)(depth + 1));
            }
        }
    }
}

#include "quadtree_common.cuh"

int main()
{
    const int n = N_POINTS;
    const std::vector<float2> h_points = make_points(n);
    const int leaf_capacity = n;

    const int node_capacity = n / (LEAF_MAX + 1) + 1;   // a node has more than LEAF_MAX points
    float2 *d_buf[2] = {nullptr, nullptr}, *d_out = nullptr;
    Leaf *d_leaves = nullptr;
    Node *d_nodes[2] = {nullptr, nullptr};
    unsigned int *d_counts = nullptr;
    CHECK(cudaMalloc(&d_buf[0], n * sizeof(float2)));
    CHECK(cudaMalloc(&d_buf[1], n * sizeof(float2)));
    CHECK(cudaMalloc(&d_out, n * sizeof(float2)));
    CHECK(cudaMalloc(&d_leaves, (size_t)leaf_capacity * sizeof(Leaf)));
    CHECK(cudaMalloc(&d_nodes[0], (size_t)node_capacity * sizeof(Node)));
    CHECK(cudaMalloc(&d_nodes[1], (size_t)node_capacity * sizeof(Node)));
    CHECK(cudaMalloc(&d_counts, (MAX_DEPTH + 1) * sizeof(unsigned int)));

    cudaEvent_t t0, t1;
    CHECK(cudaEventCreate(&t0));
    CHECK(cudaEventCreate(&t1));
    float ms = 0.0f;
    unsigned int levels = 0;
    for (int run = 0; run < 2; ++run) {   // run 0: warm-up; run 1: timed
        const unsigned int zero = 0;
        const Node root = {0, n, 0, 0, 0.0f, 0.0f, 1.0f, 1.0f};
        CHECK(cudaMemcpyToSymbol(g_nodes, &zero, sizeof zero));
        CHECK(cudaMemcpyToSymbol(g_leaf_count, &zero, sizeof zero));
        CHECK(cudaMemcpyToSymbol(g_max_depth, &zero, sizeof zero));
        CHECK(cudaMemcpy(d_buf[0], h_points.data(), n * sizeof(float2), cudaMemcpyHostToDevice));
        CHECK(cudaMemset(d_out, 0xff, n * sizeof(float2)));   // NaN: not written
        CHECK(cudaMemset(d_counts, 0, (MAX_DEPTH + 1) * sizeof(unsigned int)));
        CHECK(cudaMemcpy(d_nodes[0], &root, sizeof root, cudaMemcpyHostToDevice));
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaEventRecord(t0));
        unsigned int n_nodes = 1;
        int level = 0;
        while (n_nodes > 0 && level < MAX_DEPTH) {
            quadtree_level<<<n_nodes, THREADS>>>(d_nodes[level & 1], d_buf[level & 1], d_buf[(level + 1) & 1], d_out,
                                                 d_leaves, leaf_capacity, d_nodes[(level + 1) & 1],
                                                 d_counts + level);
            CHECK(cudaGetLastError());
            CHECK(cudaMemcpy(&n_nodes, d_counts + level, sizeof n_nodes, cudaMemcpyDeviceToHost));
            ++level;
        }
        CHECK(cudaEventRecord(t1));
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaEventElapsedTime(&ms, t0, t1));
        levels = level;
    }
    fprintf(stderr, "time_ms: %.3f\n", ms);

    unsigned int nodes = 0, leaf_count = 0, max_depth = 0;
    CHECK(cudaMemcpyFromSymbol(&nodes, g_nodes, sizeof nodes));
    CHECK(cudaMemcpyFromSymbol(&leaf_count, g_leaf_count, sizeof leaf_count));
    CHECK(cudaMemcpyFromSymbol(&max_depth, g_max_depth, sizeof max_depth));
    const unsigned int stored = std::min(leaf_count, (unsigned int)leaf_capacity);
    std::vector<Leaf> leaves(stored);
    std::vector<float2> out(n);
    CHECK(cudaMemcpy(leaves.data(), d_leaves, stored * sizeof(Leaf), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(out.data(), d_out, n * sizeof(float2), cudaMemcpyDeviceToHost));
    CHECK(cudaFree(d_buf[0]));
    CHECK(cudaFree(d_buf[1]));
    CHECK(cudaFree(d_nodes[0]));
    CHECK(cudaFree(d_nodes[1]));
    CHECK(cudaFree(d_counts));
    CHECK(cudaFree(d_out));
    CHECK(cudaFree(d_leaves));

    std::sort(leaves.begin(), leaves.end(), leaf_before);
    bool tiled = !leaves.empty() && leaves.front().begin == 0 && leaves.back().end == n;
    unsigned long long outside = 0, oversized = 0;
    uint64_t leaf_hash = 1469598103934665603ull;
    for (size_t k = 0; k < leaves.size(); ++k) {
        const Leaf &l = leaves[k];
        if (l.end <= l.begin || (k + 1 < leaves.size() && l.end != leaves[k + 1].begin)) tiled = false;
        if (l.end - l.begin > LEAF_MAX && l.depth != MAX_DEPTH) ++oversized;
        for (int i = std::max(l.begin, 0); i < std::min(l.end, n); ++i) {
            const float2 p = out[i];
            if (!(p.x >= l.x0 && p.x < l.x1 && p.y >= l.y0 && p.y < l.y1)) ++outside;
        }
        const uint32_t v[3] = {(uint32_t)l.begin, (uint32_t)l.end, (uint32_t)l.depth};
        for (uint32_t x : v) leaf_hash = (leaf_hash ^ x) * 1099511628211ull;
    }
    std::vector<uint64_t> key_in(n), key_out(n);
    for (int i = 0; i < n; ++i) {
        key_in[i] = point_key(h_points[i]);
        key_out[i] = point_key(out[i]);
    }
    std::sort(key_in.begin(), key_in.end());
    std::sort(key_out.begin(), key_out.end());
    const bool permutation = key_in == key_out;

    CpuTree t;
    std::vector<float2> p(h_points);
    t.tmp.resize(n);
    cpu_node(p, 0, n, 0, 0.0f, 0.0f, 1.0f, 1.0f, t);
    bool same_leaves = t.leaves.size() == leaves.size();
    for (size_t k = 0; same_leaves && k < leaves.size(); ++k)
        same_leaves = t.leaves[k].begin == leaves[k].begin && t.leaves[k].end == leaves[k].end &&
                      t.leaves[k].depth == leaves[k].depth;
    unsigned int hist[MAX_DEPTH + 1] = {0};
    for (const Leaf &l : leaves) if (l.depth >= 0 && l.depth <= MAX_DEPTH) ++hist[l.depth];

    printf("quadtree flat points: %d leaf max: %d max depth: %d clusters: %d\n", n, LEAF_MAX, MAX_DEPTH, N_CLUSTERS);
    printf("node grids: %u (expected %u)\n", nodes, t.nodes);
    printf("leaves: %u (expected %zu)\n", leaf_count, t.leaves.size());
    for (int d = 1; d <= MAX_DEPTH; ++d) if (hist[d]) printf("leaves at depth %2d: %u\n", d, hist[d]);
    printf("deepest leaf: %u (expected %u)\n", max_depth, t.max_depth);
    printf("leaf checksum: %016llx\n", (unsigned long long)leaf_hash);
    printf("leaves tile the points: %s\n", tiled ? "yes" : "no");
    printf("leaves over the size limit above max depth: %llu\n", oversized);
    printf("points outside their leaf: %llu\n", outside);
    printf("output is a permutation of the input: %s\n", permutation ? "yes" : "no");
    printf("leaves equal the cpu build: %s\n", same_leaves ? "yes" : "no");
    printf("levels: %u\n", levels);
    const bool pass = nodes == t.nodes &&
                      leaf_count == t.leaves.size() && max_depth == t.max_depth && tiled &&
                      oversized == 0 && outside == 0 && permutation && same_leaves;
    printf("RESULT: %s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
