// EXPECT-ERROR: unterminated_conditional.cuh:2:2: error: unterminated conditional directive
#include "headers/unterminated_conditional.cuh"

__global__ void child(int *p) { p[0] = 1; }
__global__ void parent(int *p) { child<<<1, 1>>>(p); }
