// EXPECT-ERROR: error:
__global__ void child(int *p) { p[0] = 1; }
#include "