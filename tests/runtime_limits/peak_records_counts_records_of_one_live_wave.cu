// peak_records_counts_records_of_one_live_wave.cu: runtime test for
// cdp-lower, lowered only. A binary tree of depth 10 of one self-launching
// kernel (fire-and-forget) runs whole in the live launch of its root's
// wave: every record is taken and freed between two plans. When the first
// leaf runs, the grids of its 10 ancestors are not complete, so at least 11
// records were taken at once: cdpl_peak_records (CDPL_STATS=1) must say so,
// not the count that a plan sees at a wave's end (0). CTest checks the
// `// STATS: ` line below against the program's stderr, and its exit status.
// STATS: cdpl_peak_records >= 11
#include <cuda_runtime.h>

#include <cstdio>

#define DEPTH 10

__device__ unsigned int g_nodes;

__global__ void node(int depth)
{
    atomicAdd(&g_nodes, 1u);
    if (depth == 0) return;
    node<<<1, 1, 0, cudaStreamFireAndForget>>>(depth - 1);
    node<<<1, 1, 0, cudaStreamFireAndForget>>>(depth - 1);
}

int main()
{
    node<<<1, 1>>>(DEPTH);
    cudaError_t error = cudaDeviceSynchronize();
    unsigned int nodes = 0;
    if (error == cudaSuccess) error = cudaMemcpyFromSymbol(&nodes, g_nodes, sizeof nodes);
    printf("nodes: %u of %u (%s)\n", nodes, (2u << DEPTH) - 1u, cudaGetErrorName(error));
    return error == cudaSuccess && nodes == (2u << DEPTH) - 1u ? 0 : 1;
}
