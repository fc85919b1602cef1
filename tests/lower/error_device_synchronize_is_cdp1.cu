// CDP1's device-side cudaDeviceSynchronize cannot be lowered faithfully.
__global__ void child() {}

__global__ void parent()
{
    child<<<1, 1>>>();
    cudaDeviceSynchronize();
}
// CHECK-ERR: error_device_synchronize_is_cdp1.cu:7:5: error:
// CHECK-ERR: cudaStreamTailLaunch
