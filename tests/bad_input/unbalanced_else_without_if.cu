// EXPECT-ERROR: 4:2: error: #else without #if
__global__ void child(int *p) { p[0] = 1; }

#else
__global__ void parent(int *p) { child<<<1, 1>>>(p); }
