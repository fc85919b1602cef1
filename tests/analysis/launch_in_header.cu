// Device-side launches are lowered in the main file only; one in an
// included header is an error located in the header. Launching a kernel
// that the header defines, from the main file, is an error too.
#include "kernels_header.cuh"

__global__ void parent(int n) { header_child<<<1, 1>>>(n); }
// CHECK: kernels_header.cuh:3:52 device-side launch in included header is not supported yet
// CHECK: error 6:33 device-side launch of kernel 'header_child', which is not defined in this file, is not supported
