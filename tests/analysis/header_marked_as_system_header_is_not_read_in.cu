// A header that marks itself `#pragma GCC system_header` is a system
// header from that line on: it is not read into the source as a user
// header is (its code is not the lowering's to rewrite).
#include "header_marked_as_system_header.cuh"

__global__ void child(int *p) { p[0] = system_helper(); }
__global__ void parent(int *p) { child<<<1, 1>>>(p); }
// CHECK: function child side=kernel
// CHECK-NOT: function system_helper
// CHECK-NOT: header_marked_as_system_header.cuh
