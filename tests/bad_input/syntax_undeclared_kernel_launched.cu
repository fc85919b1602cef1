// EXPECT-ERROR: 4:28: error: use of undeclared identifier 'missing_kernel'
__global__ void child() {}

__global__ void parent() { missing_kernel<<<1, 1>>>(); }
