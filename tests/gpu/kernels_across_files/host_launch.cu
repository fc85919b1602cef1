// host_launch.cu: a file of the kernels_across_files program that only
// launches `tree` from the host: it needs no lowering, and its <<<>>> launch
// calls `tree`'s own name, which the lowered tree.cu defines on the host.
#include "kernels.cuh"

#include <cstdio>

void launch_tree_from_a_file_without_lowering(unsigned int *sums, unsigned int depth)
{
    tree<<<1, 64>>>(sums, depth);
    cudaError_t error = cudaDeviceSynchronize();
    if (error != cudaSuccess) printf("host_launch.cu: %s\n", cudaGetErrorString(error));
}
