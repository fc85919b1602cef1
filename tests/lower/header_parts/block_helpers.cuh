// Included by launches.cuh; reads blockIdx, so it is rewritten too.
#ifndef BLOCK_HELPERS_CUH
#define BLOCK_HELPERS_CUH
__device__ inline int block_x() { return blockIdx.x; }
#endif
