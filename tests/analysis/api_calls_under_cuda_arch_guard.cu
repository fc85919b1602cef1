// In a __host__ __device__ function, calls are device-side where the
// device-side parse sees them (#ifdef __CUDA_ARCH__) and host-side in the
// #else branch; both parses' callees and builtin uses are merged.
__device__ int helper() { return blockIdx.x; }

__host__ __device__ int status()
{
#ifdef __CUDA_ARCH__
    return (int)cudaGetLastError() + helper();
#else
    return (int)cudaGetLastError();
#endif
}

__global__ void child() {}
__global__ void parent()
{
#if __CUDA_ARCH__
    if (status() == 0) child<<<gridDim.x, 1>>>();
#endif
}
// CHECK: function helper side=device runs_in_runtime=0 virtualized=1
// CHECK: function status side=host_device runs_in_runtime=0 virtualized=1
// CHECK: callee helper
// CHECK: function parent side=kernel runs_in_runtime=1 virtualized=1
// CHECK: builtin 19:32 "gridDim"
// CHECK: callee status
// CHECK: launch 19:24 kernel=child caller=parent side=device stream=null arch_guard=1 config=2 args=0
// CHECK: api 9:17 cudaGetLastError caller=status side=device
// CHECK: api 11:17 cudaGetLastError caller=status side=host
// CHECK-NOT: error
