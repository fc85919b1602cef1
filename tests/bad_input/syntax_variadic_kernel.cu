// EXPECT-ERROR: error:
__global__ void child(int n, ...) {}

__global__ void parent() { child<<<1, 1>>>(1, 2, 3); }
