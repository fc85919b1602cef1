// Device-side attribute and occupancy queries need the device runtime, which
// a build without -rdc lacks: they are refused, not left to fail at run time.
__global__ void child(int *p) { p[threadIdx.x] = 1; }

__global__ void parent(int *p)
{
    cudaFuncAttributes attributes;
    cudaFuncGetAttributes(&attributes, child);
    int blocks = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, child, 32, 0);
    child<<<1, 32>>>(p);
}
// CHECK-ERR: error_device_side_kernel_queries.cu:8:5: error: device-side cudaFuncGetAttributes needs the CUDA device runtime
// CHECK-ERR: error_device_side_kernel_queries.cu:10:5: error: device-side cudaOccupancyMaxActiveBlocksPerMultiprocessor needs
