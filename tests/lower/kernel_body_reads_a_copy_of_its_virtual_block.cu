// A runtime kernel's body takes a copy of its virtual block and grid when it
// starts, and its own uses of blockIdx/gridDim read the copy (a register,
// where the block's context in shared memory would be loaded again after
// each generic store). Uses that the copy may not reach keep reading the
// context: in a lambda, in a local class, in a #define written in the body,
// in code that only the device-side parse sees, and in device functions.
__device__ int row() { return blockIdx.y; }

__global__ void child(float *data, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) data[i] *= 2.0f;
    auto first = [] { return blockIdx.x == 0; };
    struct Local {
        __device__ static unsigned last() { return gridDim.x - 1; }
    };
#define CHILD_BLOCK_Z blockIdx.z
    if (first() && Local::last() == 0 && CHILD_BLOCK_Z == 0) data[row()] = 0.0f;
#ifdef __CUDA_ARCH__
    if (gridDim.z > 1) data[0] = 1.0f;
#endif
}

__global__ void parent(float *data, int n) { child<<<4, 32>>>(data, n); }
// CHECK: __device__ int row() { return cdpl_blockIdx().y; }
// CHECK: { const uint3 cdpl_block_idx = cdpl_blockIdx(); const dim3 cdpl_grid_dim = cdpl_gridDim();
// CHECK: for (int i = cdpl_block_idx.x * blockDim.x + threadIdx.x; i < n; i += cdpl_grid_dim.x * blockDim.x) data[i] *= 2.0f;
// CHECK: auto first = [] { return cdpl_blockIdx().x == 0; };
// CHECK: __device__ static unsigned last() { return cdpl_gridDim().x - 1; }
// CHECK: #define CHILD_BLOCK_Z cdpl_blockIdx().z
// CHECK: if (cdpl_gridDim().z > 1) data[0] = 1.0f;
// CHECK-NOT: cdpl_grid_dim.z
