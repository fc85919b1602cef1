// Benchmark tree_faf, flat version (no dynamic parallelism): one kernel over
// all 2^DEPTH - 1 nodes of the tree, one 32-thread block per node, computing
// the same per-level counts and hash sums as tree_faf.cu.
//
// Build: nvcc -arch=sm_90 -O2 tree_faf_flat.cu -o tree_faf_flat
#ifndef DEPTH
#define DEPTH 17
#endif
#ifndef WORKLOAD
#define WORKLOAD "tree_faf"
#endif

#include "../common/tree_flat.cuh"

int main() { return run_tree_flat(); }
