// EXPECT-ERROR: 4:45: error: device-side cudaDeviceSynchronize
__global__ void child(int *p) { p[0] = 1; }

__device__ void wait_for_children(int *p) { cudaDeviceSynchronize(); p[1] = p[0]; }

__global__ void parent(int *p)
{
    child<<<1, 1>>>(p);
    wait_for_children(p);
}
