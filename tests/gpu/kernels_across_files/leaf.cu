// leaf.cu: the kernels_across_files program's `leaf` (kernels.cuh).
#include "kernels.cuh"

__global__ void leaf(unsigned int *sums, unsigned int slot, unsigned int value)
{
    if (threadIdx.x == 0) atomicAdd(&sums[slot], value);
}
