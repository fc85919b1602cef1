// The device-side parse drops a whole statement holding a launch, so what
// else that statement uses under #if __CUDA_ARCH__ is read by tokens:
// blockIdx/gridDim, calls of this file's functions, device API calls.
__device__ bool ready(int v) { return v > 0; }
__global__ void child(int n) {}

__global__ void parent(int n)
{
#if __CUDA_ARCH__
    if (ready(n) && cudaGetLastError() == cudaSuccess) child<<<gridDim.x, blockIdx.y>>>(n);
#endif
#if 0
    if (ready(n)) child<<<gridDim.z, 1>>>(n);
#endif
}
// CHECK: function ready side=device runs_in_runtime=0 virtualized=1
// CHECK: function parent side=kernel runs_in_runtime=1 virtualized=1
// CHECK: builtin 10:64 "gridDim"
// CHECK: builtin 10:75 "blockIdx"
// CHECK: callee ready
// CHECK-NOT: builtin 13:
// CHECK: launch 10:56 kernel=child caller=parent side=device stream=null arch_guard=1 config=2 args=1
// CHECK: api 10:21 cudaGetLastError caller=parent side=device text="cudaGetLastError()"
// CHECK-NOT: launch 13:
// CHECK-NOT: error
