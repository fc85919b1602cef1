// EXPECT-ERROR: 7:5: error: device-side cudaDeviceSynchronize
__global__ void child(int *p) { p[0] = 1; }

__global__ void parent(int *p)
{
    child<<<1, 1>>>(p);
    cudaDeviceSynchronize();
    p[1] = p[0];
}
