// A user header that holds code to lower is lowered into the lowered file,
// in place of its #include line, between #line directives naming it; so is
// a header it includes that must change too. A header with nothing to lower
// stays an #include line, and a second #include of a lowered header (which
// its once-only guard made empty) is dropped.
#include "header_parts/plain.cuh"
#include "header_parts/launches.cuh"
#include "header_parts/launches.cuh"

__global__ void parent(int *out) { header_parent<<<1, 1>>>(out); }

int main()
{
    host_only<<<1, 1>>>((int *)0);
    parent<<<1, 1>>>((int *)0);
    return 0;
}
// CHECK: #include "header_parts/plain.cuh"
// CHECK: #ifndef CDPL_ONCE_
// CHECK: header_parts/launches.cuh"
// CHECK: header_parts/block_helpers.cuh"
// CHECK: __device__ inline int block_x() { return cdpl_blockIdx().x; }
// CHECK: #line 6 "/
// CHECK: __device__ void cdpl_kernel_header_child(int *out) { out[block_x()] = 1; }
// CHECK: header_parts/launches.cuh"
// CHECK: cdpl_launch_header_child(cdpl_config(2, 1), out);
// CHECK: if (cdpl_cudaGetLastError() != cudaSuccess) out[0] = -1;
// CHECK: #endif
// CHECK: launch_in_header_is_lowered_in_its_place.cu"
// CHECK: __device__ void cdpl_kernel_parent(int *out) { cdpl_launch_header_parent(cdpl_config(1, 1), out); }
// CHECK: host_only<<<1, 1>>>((int *)0);
// CHECK-NOT: #include "header_parts/launches.cuh"
// CHECK-NOT: #include "block_helpers.cuh"
// CHECK-NOT: #pragma once
