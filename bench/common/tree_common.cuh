// Shared by the tree workloads (tree_faf, tree_null and their flat versions):
// the per-(node, lane) hash and the host check of the per-level node counts
// and hash sums. Include after the DEPTH and THREADS macros.
#ifndef CDPL_BENCH_TREE_COMMON_CUH
#define CDPL_BENCH_TREE_COMMON_CUH

#include "bench_check.cuh"

#include <cstdint>
#include <cstdio>
#include <vector>

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

// Ranks the subtree of node `id` in preorder (heap numbering from 1), from
// `next` on.
static inline void rank_in_preorder(unsigned int id, int depth, unsigned int &next, std::vector<unsigned int> &rank)
{
    rank[id] = next++;
    if (depth + 1 < DEPTH) {
        rank_in_preorder(2u * id, depth + 1, next, rank);
        rank_in_preorder(2u * id + 1u, depth + 1, next, rank);
    }
}

// How many of the nodes' tickets (indexed by node) differ from the nodes'
// preorder ranks: tree_null's order.
static inline unsigned int nodes_not_in_preorder(const std::vector<unsigned int> &tickets)
{
    std::vector<unsigned int> rank(tickets.size(), 0xffffffffu);
    unsigned int next = 0;
    rank_in_preorder(1u, 0, next, rank);
    unsigned int out_of_order = 0;
    for (size_t id = 1; id < tickets.size(); ++id) out_of_order += tickets[id] != rank[id];
    return out_of_order;
}

#endif
