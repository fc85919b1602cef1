// A header function that reads blockIdx or gridDim (here cooperative
// groups' thread_block::group_index() and grid_group::block_rank()) cannot
// be given the virtual block of a kernel that runs through the runtime:
// each call is refused where it is written, naming the function.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ int block_number() { return (int)cg::this_grid().block_rank(); }

__global__ void child(int *out)
{
    cg::thread_block block = cg::this_thread_block();
    out[block.group_index().x] = block_number();
}

__global__ void parent(int *out) { child<<<4, 32>>>(out); }
// CHECK-ERR: error_cooperative_groups_block_index_in_runtime_kernel.cu:8:61: error: 'block_rank()' reads blockIdx/gridDim in a header
// CHECK-ERR: but 'block_number' must read the virtual block
// CHECK-ERR: error_cooperative_groups_block_index_in_runtime_kernel.cu:13:15: error: 'group_index()' reads blockIdx/gridDim in a header
// CHECK-ERR: but 'child' must read the virtual block
