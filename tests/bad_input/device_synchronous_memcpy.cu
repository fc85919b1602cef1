// EXPECT-ERROR: error: no matching function for call to 'cudaMemcpy'
__global__ void child(int *p) { p[0] = 1; }

__global__ void parent(int *p, int *q)
{
    child<<<1, 1>>>(p);
    cudaMemcpy(q, p, sizeof *p, cudaMemcpyDeviceToDevice);
}
