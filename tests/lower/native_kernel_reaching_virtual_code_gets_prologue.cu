// A kernel the host launches natively that calls a virtualized helper must
// set the virtual block to its real one first.
__device__ int block_number() { return blockIdx.x; }

__global__ void child(int *out) { out[block_number()] = 1; }

__global__ void parent(int *out) { child<<<4, 32>>>(out); }

__global__ void plain(int *out) { out[block_number()] = 2; }
// CHECK: __global__ void plain(int *out) { CDPL_NATIVE_BLOCK(); out[block_number()] = 2; }
