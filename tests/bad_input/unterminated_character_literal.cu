// EXPECT-ERROR: 4:44: error: expected expression
__global__ void child(char c) {}

__global__ void parent() { child<<<1, 1>>>('x); }
