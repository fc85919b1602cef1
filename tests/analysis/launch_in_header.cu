// A user header the file includes is analysed with it: its kernels,
// launches and device code are found, located in the header, and take part
// in reachability like the main file's.
#include "kernels_header.cuh"

__global__ void parent(int n) { header_child<<<1, 1>>>(n); }
// CHECK: function header_child side=kernel runs_in_runtime=1 virtualized=1 prologue=0 params=int
// CHECK: kernels_header.cuh:2:17 template=0
// CHECK: function header_parent side=kernel runs_in_runtime=1
// CHECK: function parent side=kernel runs_in_runtime=1
// CHECK: kernels_header.cuh:3:40 kernel=header_child caller=header_parent side=device
// CHECK: launch 6:33 kernel=header_child caller=parent side=device
// CHECK-NOT: error
