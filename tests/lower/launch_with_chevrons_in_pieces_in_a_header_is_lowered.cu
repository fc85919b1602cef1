// A device-side launch with its chevrons in pieces (`<<` and `<` apart) in a
// user header, of a kernel this file defines: the header joins the lowered
// file, and its chevrons are closed up there as in the file's own text.
#include "header_parts/launch_with_chevrons_in_pieces.cuh"

__global__ void child(int *p) { p[threadIdx.x] = 1; }

__global__ void parent(int *p) { start_child(p); }
// CHECK: header_parts/launch_with_chevrons_in_pieces.cuh"
// CHECK: __device__ void start_child(int *p)
// CHECK: cdpl_launch_child (cdpl_config( 1, 32 )  , p);
// CHECK-NOT: << <1
// CHECK-ERR-NOT: error
