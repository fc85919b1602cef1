// EXPECT-ERROR: 2:10: error: '/dev/zero' is a character device, not a regular file
#include "/dev/zero"

__global__ void child(int *p) { p[0] = 1; }
__global__ void parent(int *p) { child<<<1, 1>>>(p); }
