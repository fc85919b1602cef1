// The low-level device launch API cannot be lowered: each call is refused
// where it is written, saying what to write instead.
__global__ void child(int n) {}

__global__ void parent()
{
    void *buffer = cudaGetParameterBuffer(16, 4);
    cudaLaunchDevice((void *)child, buffer, dim3(1), dim3(1), 0, cudaStreamTailLaunch);
}
// CHECK-ERR: error_device_low_level_launch_api_asks_for_chevrons.cu:7:20: error: device-side cudaGetParameterBuffer
// CHECK-ERR: launch kernels with `<<<...>>>`
// CHECK-ERR: error_device_low_level_launch_api_asks_for_chevrons.cu:8:5: error: device-side cudaLaunchDevice
// CHECK-ERR: launch kernels with `<<<...>>>`
