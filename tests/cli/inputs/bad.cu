// CDP1's device-side cudaDeviceSynchronize cannot be lowered faithfully.
__global__ void child() {}

__global__ void parent()
{
    child<<<1, 1>>>();
    cudaDeviceSynchronize();
}
