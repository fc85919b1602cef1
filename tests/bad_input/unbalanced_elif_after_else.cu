// EXPECT-ERROR: 6:2: error: #elif after #else
__global__ void child(int *p) { p[0] = 1; }

#if 0
#else
#elif 1
#endif
__global__ void parent(int *p) { child<<<1, 1>>>(p); }
