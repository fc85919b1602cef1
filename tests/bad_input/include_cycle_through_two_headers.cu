// EXPECT-ERROR: include_cycle_a.cuh:3:10: error: #include nested too deeply
#include "headers/include_cycle_a.cuh"

__global__ void child(int *p) { p[0] = 1; }
__global__ void parent(int *p) { child<<<1, 1>>>(p); }
