// With --target=hip a file without device-side launches is not lowered, but
// hipcc knows no CUDA names: the output includes the mapping first, then the
// file as it was, its lines numbered as in the original.
// CHECK: #include "cdpl_gpu.h"
// CHECK: #line 1
// CHECK: __global__ void scale(float *x, float factor)
// CHECK-NOT: cdpl.cuh
__global__ void scale(float *x, float factor) { x[threadIdx.x] *= factor; }

void run(float *x) { scale<<<1, 32>>>(x, 2.0f); }
