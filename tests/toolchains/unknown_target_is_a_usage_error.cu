// CHECK-ERR: error: unknown target 'amd' (--target=cuda or --target=hip)
__global__ void scale(float *x, float factor) { x[threadIdx.x] *= factor; }
