// mark.cu: the kernels_across_files program's `mark` (kernels.cuh), which
// launches `leaf` of leaf.cu from device code.
#include "kernels.cuh"

__global__ void mark(unsigned int *sums, unsigned int slot, unsigned int count, unsigned int value)
{
    if (threadIdx.x < count) leaf<<<1, 32>>>(sums, slot, value);
}
