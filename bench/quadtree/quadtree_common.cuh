// Host code shared by quadtree.cu and quadtree_flat.cu: the clustered point
// generator and the CPU quadtree that checks the GPU's leaves. Include after
// struct Leaf and the LEAF_MAX, MAX_DEPTH and N_CLUSTERS macros.
#ifndef CDPL_BENCH_QUADTREE_COMMON_CUH
#define CDPL_BENCH_QUADTREE_COMMON_CUH

#include "../common/bench_check.cuh"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

static uint64_t lcg_state = 0x9E3779B97F4A7C15ull;
static inline uint32_t rnd()
{
    lcg_state = lcg_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(lcg_state >> 32);
}

// Deterministic clustered points on the 2^-24 grid.
static inline std::vector<float2> make_points(int n)
{
    int cx[N_CLUSTERS], cy[N_CLUSTERS], shift[N_CLUSTERS];
    for (int c = 0; c < N_CLUSTERS; ++c) {
        cx[c] = (int)((rnd() >> 8) % (1u << 23)) + (1 << 22);
        cy[c] = (int)((rnd() >> 8) % (1u << 23)) + (1 << 22);
        shift[c] = 13 + (int)(rnd() % 8u);
    }
    const int top = (1 << 24) - 1;
    std::vector<float2> p(n);
    for (int i = 0; i < n; ++i) {
        const uint32_t r = rnd();
        int64_t X, Y;
        if (r % 10u < 3u) {
            X = rnd() >> 8;
            Y = rnd() >> 8;
        } else {
            const int c = (int)((r >> 8) % N_CLUSTERS), k = shift[c];
            int64_t dx = 0, dy = 0;
            for (int j = 0; j < 4; ++j) {
                dx += rnd() >> (32 - k);
                dy += rnd() >> (32 - k);
            }
            X = cx[c] + dx - (2ll << k);
            Y = cy[c] + dy - (2ll << k);
            X = X < 0 ? 0 : (X > top ? top : X);
            Y = Y < 0 ? 0 : (Y > top ? top : Y);
        }
        p[i].x = (float)X * (1.0f / 16777216.0f);
        p[i].y = (float)Y * (1.0f / 16777216.0f);
    }
    return p;
}

// CPU build of the same tree (stable partition; the ranges depend only on counts).
struct CpuTree {
    std::vector<float2> tmp;
    std::vector<Leaf> leaves;
    unsigned int nodes = 0, max_depth = 0;
};

static inline void cpu_node(std::vector<float2> &p, int begin, int end, int depth, float x0, float y0, float x1,
                     float y1, CpuTree &t)
{
    ++t.nodes;
    const float mx = 0.5f * (x0 + x1), my = 0.5f * (y0 + y1);
    int cnt[4] = {0, 0, 0, 0};
    for (int i = begin; i < end; ++i) ++cnt[quadrant(p[i], mx, my)];
    int off[4], fill[4];
    off[0] = begin;
    for (int q = 1; q < 4; ++q) off[q] = off[q - 1] + cnt[q - 1];
    for (int q = 0; q < 4; ++q) fill[q] = off[q];
    for (int i = begin; i < end; ++i) t.tmp[fill[quadrant(p[i], mx, my)]++] = p[i];
    std::copy(t.tmp.begin() + begin, t.tmp.begin() + end, p.begin() + begin);
    for (int q = 0; q < 4; ++q) {
        const float qx0 = (q & 1) ? mx : x0, qx1 = (q & 1) ? x1 : mx;
        const float qy0 = (q & 2) ? my : y0, qy1 = (q & 2) ? y1 : my;
        if (cnt[q] > LEAF_MAX && depth + 1 < MAX_DEPTH) {
            cpu_node(p, off[q], off[q] + cnt[q], depth + 1, qx0, qy0, qx1, qy1, t);
        } else if (cnt[q] > 0) {
            t.leaves.push_back(Leaf{off[q], off[q] + cnt[q], depth + 1, 0, qx0, qy0, qx1, qy1});
            if ((unsigned int)depth + 1 > t.max_depth) t.max_depth = depth + 1;
        }
    }
}

static inline bool leaf_before(const Leaf &a, const Leaf &b) { return a.begin < b.begin; }

static inline uint64_t point_key(float2 p)
{
    uint32_t x, y;
    memcpy(&x, &p.x, 4);
    memcpy(&y, &p.y, 4);
    return ((uint64_t)x << 32) | y;
}

#endif
