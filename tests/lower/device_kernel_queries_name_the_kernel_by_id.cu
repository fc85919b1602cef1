// Device-side attribute and occupancy queries cannot tell kernels apart by
// address without -rdc: the kernel argument becomes its id, and a kernel that
// does not run through the runtime is registered so the runtime can answer.
__global__ void child(int *p) { p[threadIdx.x] = 1; }

__global__ void plain(int *p) { p[threadIdx.x] = 2; }

__global__ void parent(int *p)
{
    cudaFuncAttributes attributes;
    cudaFuncGetAttributes(&attributes, child);
    int blocks = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, plain, 32, 0);
    cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&blocks, child, 32, 0, cudaOccupancyDefault);
    child<<<1, 32>>>(p);
}
// CHECK: __global__ void plain(int *p) { p[threadIdx.x] = 2; }
// CHECK: static const int cdpl_queried_plain_1 =
// CHECK: cdpl_register_queried(0x095a6e37u, "plain", (const void *)plain);
// CHECK: #line 6 "
// CHECK: cdpl_cudaFuncGetAttributes(&attributes, cdpl_kernel_ref{0xd153c4e5u});
// CHECK: cdpl_cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, cdpl_kernel_ref{0x095a6e37u}, 32, 0);
// CHECK: cdpl_cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&blocks, cdpl_kernel_ref{0xd153c4e5u}, 32, 0, cudaOccupancyDefault);
// CHECK-NOT: cdpl_queried_child
