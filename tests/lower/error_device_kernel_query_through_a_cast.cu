// A device-side query must name its kernel plainly: a cast or `&` around the
// name would turn the id the rewriter passes into something else.
__global__ void child(int *p) { p[threadIdx.x] = 1; }

__global__ void parent(int *p)
{
    cudaFuncAttributes attributes;
    cudaFuncGetAttributes(&attributes, (const void *)child);
    child<<<1, 32>>>(p);
}
// CHECK-ERR: error_device_kernel_query_through_a_cast.cu:8:54: error: device-side cudaFuncGetAttributes: pass a non-template __global__ function by its plain name
