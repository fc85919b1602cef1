// blockIdx and gridDim read the virtual block in runtime kernels and in the
// device functions they call, and nowhere else.
__device__ int my_block() { return blockIdx.x + gridDim.x * blockIdx.y; }

__global__ void child(int *out) { out[my_block()] = gridDim.y; }

__global__ void parent(int *out) { child<<<dim3(4, 2), 32>>>(out); }

__global__ void unrelated(int *out) { out[blockIdx.x] = 1; }
// CHECK: __device__ int my_block() { return cdpl_blockIdx().x + cdpl_gridDim().x * cdpl_blockIdx().y; }
// CHECK: __device__ void cdpl_kernel_child(int *out) { const dim3 cdpl_grid_dim = cdpl_gridDim(); out[my_block()] = cdpl_grid_dim.y; }
// CHECK: __global__ void unrelated(int *out) { out[blockIdx.x] = 1; }
