// Attribute and occupancy queries on the host about a kernel that runs
// through the runtime ask about its entry kernel, which is what runs.
#include <cstdio>
__global__ void child(int *p) { p[threadIdx.x] = 1; }

__global__ void parent(int *p) { child<<<1, 32>>>(p); }

int main()
{
    cudaFuncAttributes attributes;
    if (cudaFuncGetAttributes(&attributes, child) != cudaSuccess) return 1;
    int blocks = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, child, 32, 0);
    printf("%d %d\n", attributes.maxThreadsPerBlock, blocks);
    parent<<<1, 1>>>(nullptr);
    return 0;
}
// CHECK: static __global__ void cdpl_entry_child(cdpl_wave); void child(int *); __host__ __device__ void cdpl_launch_child(cdpl_launch_config, int *); __device__ void cdpl_kernel_child(int *p)
// CHECK: if (cudaFuncGetAttributes(&attributes, cdpl_entry_child) != cudaSuccess) return 1;
// CHECK: cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, cdpl_entry_child, 32, 0);
