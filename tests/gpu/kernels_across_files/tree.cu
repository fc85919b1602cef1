// tree.cu: the kernels_across_files program's `tree` (kernels.cuh), which
// launches itself, and `mark` (mark.cu) and `leaf` (leaf.cu) of other files.
#include "kernels.cuh"

__global__ void tree(unsigned int *sums, unsigned int depth)
{
    if (threadIdx.x != 0) return;
    mark<<<1, 32>>>(sums, depth, 2u, 1u);
    if (depth == 0) {
        leaf<<<2, 32, 0, cudaStreamTailLaunch>>>(sums, 31u, 1u);
        return;
    }
    tree<<<1, 64>>>(sums, depth - 1);
    tree<<<1, 64, 0, cudaStreamFireAndForget>>>(sums, depth - 1);
}
