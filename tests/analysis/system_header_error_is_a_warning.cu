// An error in a system header is a warning: the lowering never rewrites
// system headers, and nvcc reports what is wrong there itself (exit 0:
// the file is lowered).
#include "system_header_clang_refuses.cuh"

__global__ void child(int n) {}
__global__ void parent(int n) { child<<<1, 1>>>(n); }
// CHECK: launch 7:33 kernel=child caller=parent side=device
// CHECK: system_header_clang_refuses.cuh:3:26 expected expression
// CHECK-NOT: error
