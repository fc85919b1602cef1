// __launch_bounds__ only applies to kernels: it moves to the entry kernel.
__global__ void __launch_bounds__(128) child(float *x) { x[threadIdx.x] *= 2.0f; }

__global__ void parent(float *x) { child<<<1, 128>>>(x); }
// CHECK: __device__ void  cdpl_kernel_child(float *x)
// CHECK: static __global__ void __launch_bounds__(128) cdpl_entry_child(cdpl_wave cdpl_w)
