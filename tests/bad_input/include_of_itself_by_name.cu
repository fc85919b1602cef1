// EXPECT-ERROR: error: #include nested too deeply
#include "include_of_itself_by_name.cu"
__global__ void child(int *p) { p[0] = 1; }
__global__ void parent(int *p) { child<<<1, 1>>>(p); }
