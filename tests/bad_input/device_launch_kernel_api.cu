// EXPECT-ERROR: error: no matching function for call to 'cudaLaunchKernel'
__global__ void child(int *p) { p[0] = 1; }

__global__ void parent(int *p)
{
    void *args[] = {&p};
    cudaLaunchKernel((const void *)child, dim3(1), dim3(1), args, 0, 0);
}
