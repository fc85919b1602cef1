// EXPECT-ERROR: error: no matching function for call to 'cudaStreamCreate'
__global__ void child(int *p) { p[0] = 1; }

__global__ void parent(int *p)
{
    cudaStream_t stream;
    cudaStreamCreate(&stream);
    child<<<1, 1, 0, stream>>>(p);
}
