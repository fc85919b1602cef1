// EXPECT-ERROR: 2:10: error: '/dev/urandom' is a character device, not a regular file
#include "headers/includes_a_character_device.cuh"

__global__ void child(int *p) { p[0] = 1; }
__global__ void parent(int *p) { child<<<1, 1>>>(p); }
