// Shared by the tree workloads (tree_faf, tree_null and their flat versions):
// the per-(node, lane) hash and the host check of the per-level node counts
// and hash sums. Include after the DEPTH and THREADS macros.
#ifndef CDPL_BENCH_TREE_COMMON_CUH
#define CDPL_BENCH_TREE_COMMON_CUH

#include "bench_check.cuh"

#include <cstdint>
#include <cstdio>

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

// Prints one line per level and returns whether every level holds 2^d nodes
// whose hash sum is the CPU's; accumulates the node total and the checksum.
static inline bool check_tree_levels(const unsigned int *nodes, const unsigned long long *sums,
                                     unsigned long long &total, unsigned long long &checksum)
{
    bool ok = true;
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
    return ok;
}

#endif
