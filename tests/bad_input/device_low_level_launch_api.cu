// EXPECT-ERROR: 7:20: error: device-side cudaGetParameterBuffer
// EXPECT-ERROR: 9:5: error: device-side cudaLaunchDevice
__global__ void child(int n) {}

__global__ void parent()
{
    void *buffer = cudaGetParameterBuffer(16, 4);
    *(int *)buffer = 42;
    cudaLaunchDevice((void *)child, buffer, dim3(1), dim3(1), 0, 0);
}
