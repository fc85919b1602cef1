// EXPECT-ERROR: error:
__global__ void child() {}

__global__ void parent() { child<<<1, 1>>>; }
