// nvcc and clang see CUDA's names without help: with --target=cuda (the
// default) a file without device-side launches gets no include.
// CHECK: __global__ void scale(float *x, float factor)
// CHECK-NOT: #include
// CHECK-NOT: #line
__global__ void scale(float *x, float factor) { x[threadIdx.x] *= factor; }
