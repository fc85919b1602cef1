// A launch macro given the kernel, used in the __device__ and
// __host__ __device__ functions that kernels call: each use is replaced by
// its expansion with the launch rewritten, as in a kernel.
#define SPAWN(kernel, grid, ...) kernel<<<grid, 64>>>(__VA_ARGS__)
__global__ void scale(float *data, int n, float by)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] *= by;
}

__device__ void scale_half(float *data, int n) { SPAWN(scale, (n / 2 + 63) / 64, data, n / 2, 2.0f); }

__host__ __device__ void scale_rest(float *data, int n)
{
#ifdef __CUDA_ARCH__
    SPAWN(scale, (n - n / 2 + 63) / 64, data + n / 2, n - n / 2, 3.0f);
#endif
}

__global__ void parent(float *data, int n)
{
    scale_half(data, n);
    scale_rest(data, n);
}
// CHECK: __device__ void scale_half(float *data, int n) { cdpl_launch_scale(cdpl_config((n / 2 + 63) / 64, 64), data, n / 2, 2.0f); }
// CHECK: cdpl_launch_scale(cdpl_config((n - n / 2 + 63) / 64, 64), data + n / 2, n - n / 2, 3.0f);
// CHECK-NOT: SPAWN(scale
