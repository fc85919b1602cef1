// EXPECT-ERROR: 7:21: error: kernel call to non-global function 'helper'
__device__ void helper(int *p) { p[0] = 1; }

__global__ void parent(int *p)
{
    // only __global__ functions can be launched
    helper<<<1, 1>>>(p);
}
