// Included by launch_in_header_is_lowered_in_its_place.cu and
// unchanged_with_user_headers.cu: nothing here is lowered.
#ifndef PLAIN_CUH
#define PLAIN_CUH
__host__ __device__ inline int twice(int x) { return 2 * x; }
__global__ void host_only(int *out) { out[blockIdx.x] = twice(1); }
#endif
