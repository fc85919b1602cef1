// Benchmark tree_null, flat version (no dynamic parallelism): one kernel over
// all 2^DEPTH - 1 nodes of the tree, one 32-thread block per node, computing
// the same per-level counts and hash sums as tree_null.cu (the tree of
// tree_faf.cu with DEPTH 12; the order of the nodes does not matter here).
//
// Build: nvcc -arch=sm_90 -O2 tree_null_flat.cu -o tree_null_flat
#ifndef DEPTH
#define DEPTH 12
#endif
#ifndef WORKLOAD
#define WORKLOAD "tree_null"
#endif

#include "../common/tree_flat.cuh"

int main() { return run_tree_flat(); }
