// EXPECT-ERROR: error:
__global__ int child(int *p) { return p[0]; }

__global__ void parent(int *p) { child<<<1, 1>>>(p); }
