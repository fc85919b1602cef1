// EXPECT-ERROR: error:
// The identifier below holds a lone Latin-1 byte, not valid UTF-8.
__global__ void child(int *p) { int café = 1; p[0] = café; }

__global__ void parent(int *p) { child<<<1, 1>>>(p); }
