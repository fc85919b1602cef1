// EXPECT-ERROR: error: device-side cudaGetParameterBuffer
__global__ void parent(int **out) { *out = (int *)cudaGetParameterBuffer(16, 64); }
