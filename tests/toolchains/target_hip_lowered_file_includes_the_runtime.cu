// A lowered file includes the runtime's device header, which brings the
// CUDA-to-HIP mapping with it: no second include.
// CHECK: #include "cdpl.cuh"
// CHECK: #line 1
// CHECK-NOT: #include "cdpl_gpu.h"
__global__ void child(int *x) { x[threadIdx.x] = 1; }
__global__ void parent(int *x) { child<<<1, 32>>>(x); }
