// EXPECT-ERROR: 5:2: error: this file refuses to be compiled
__global__ void child(int *p) { p[0] = 1; }
__global__ void parent(int *p) { child<<<1, 1>>>(p); }

#error this file refuses to be compiled
