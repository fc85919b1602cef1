// EXPECT-ERROR: 7:5: error: no matching function for call to 'cudaStreamSynchronize'
// The device runtime has no stream synchronization: natively it does not compile either.
__global__ void child(int *p) { p[0] = 1; }

__global__ void parent(int *p)
{
    cudaStreamSynchronize(0);
    child<<<1, 1>>>(p);
}
