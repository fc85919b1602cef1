// cooperative_groups parses (CUDA 13 keeps the <cuda/std/...> headers it
// includes in include/cccl, which cdp-lower puts on the parse's include
// path), and a kernel that runs through the runtime may use the groups of
// its block and warps: they read threadIdx and blockDim, which the lowering
// leaves alone. A native kernel may use the grid's group.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ int rank_in_block() { return (int)cg::this_thread_block().thread_rank(); }

__global__ void child(int *out)
{
    cg::thread_block block = cg::this_thread_block();
    block.sync();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    if (warp.thread_rank() == 0) out[blockIdx.x] = rank_in_block() + (int)block.size();
}

__global__ void native_only(int *out) { out[cg::this_grid().block_rank()] = 1; }

__global__ void parent(int *out) { child<<<4, 64>>>(out); }

int main()
{
    parent<<<1, 1>>>(nullptr);
    native_only<<<1, 1>>>(nullptr);
    return 0;
}
// CHECK: __device__ void cdpl_kernel_child(int *out)
// CHECK: if (warp.thread_rank() == 0) out[cdpl_block_idx.x] = rank_in_block() + (int)block.size();
// CHECK: __global__ void native_only(int *out) { out[cg::this_grid().block_rank()] = 1; }
