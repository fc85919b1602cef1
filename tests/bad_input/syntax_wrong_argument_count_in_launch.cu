// EXPECT-ERROR: 4:51: error: too few arguments to function call, expected 2, have 1
__global__ void child(int *p, int n) { p[0] = n; }

__global__ void parent(int *p) { child<<<1, 1>>>(p); }
