// EXPECT-ERROR: 4:2: error: unterminated conditional directive
__global__ void child(int *p) { p[0] = 1; }

#if defined(__CUDACC__)
__global__ void parent(int *p) { child<<<1, 1>>>(p); }
