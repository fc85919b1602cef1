// Host code shared by bfs.cu and bfs_flat.cu: the R-MAT graph generator and
// the CPU BFS that checks the distances.
#ifndef CDPL_BENCH_BFS_COMMON_CUH
#define CDPL_BENCH_BFS_COMMON_CUH

#include "../common/bench_check.cuh"

#include <cstdint>
#include <vector>

struct Graph {
    int n = 0;
    std::vector<int> row, col;
};

// R-MAT, deterministic: 16 bits of a 64-bit LCG draw per level of recursion.
static inline Graph make_rmat(int scale, int edge_factor)
{
    const int n = 1 << scale;
    const long long m = (long long)n * edge_factor;
    std::vector<uint32_t> src(m), dst(m);
    std::vector<int> deg(n, 0);
    uint64_t s = 0x2545F4914F6CDD1Dull;
    for (long long e = 0; e < m; ++e) {
        uint32_t u = 0, v = 0;
        uint64_t r = 0;
        for (int l = 0; l < scale; ++l) {
            if (l % 4 == 0) {
                s = s * 6364136223846793005ull + 1442695040888963407ull;
                r = s;
            }
            const uint32_t q = (uint32_t)(r >> 48);
            r <<= 16;
            // a = 0.57, b = 0.19, c = 0.19, d = 0.05 in 1/65536 units
            const uint32_t bu = q >= 49807u, bv = (q >= 37355u && q < 49807u) || q >= 62259u;
            u = (u << 1) | bu;
            v = (v << 1) | bv;
        }
        src[e] = u;
        dst[e] = v;
        if (u != v) {
            ++deg[u];
            ++deg[v];
        }
    }
    Graph g;
    g.n = n;
    g.row.assign(n + 1, 0);
    for (int i = 0; i < n; ++i) g.row[i + 1] = g.row[i] + deg[i];
    g.col.resize(g.row[n]);
    std::vector<int> fill(g.row.begin(), g.row.end() - 1);
    for (long long e = 0; e < m; ++e) {
        if (src[e] == dst[e]) continue;
        g.col[fill[src[e]]++] = (int)dst[e];
        g.col[fill[dst[e]]++] = (int)src[e];
    }
    return g;
}

static inline std::vector<int> cpu_bfs(const Graph &g, int source)
{
    std::vector<int> dist(g.n, -1), queue;
    queue.reserve(g.n);
    dist[source] = 0;
    queue.push_back(source);
    for (size_t head = 0; head < queue.size(); ++head) {
        const int v = queue[head];
        for (int k = g.row[v]; k < g.row[v + 1]; ++k) {
            const int u = g.col[k];
            if (dist[u] < 0) {
                dist[u] = dist[v] + 1;
                queue.push_back(u);
            }
        }
    }
    return dist;
}

#endif
