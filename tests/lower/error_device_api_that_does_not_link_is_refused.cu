// Device-side runtime calls that cdp-lower does not lower, and that lowered
// code (no -rdc, no cudadevrt) could not link, are refused where they are
// written (each with what to do instead), not left for the build to fail on.
__global__ void child(int *out) { out[0] = 1; }

__global__ void parent(int *out, cudaEvent_t event)
{
    cudaEventRecordWithFlags(event, 0, 0);
    cudaMemcpy2DAsync(out, 16, out + 64, 16, 16, 4, cudaMemcpyDeviceToDevice, 0);
    cudaMemset2DAsync(out, 16, 0, 16, 4, 0);
    cudaLaunchDeviceV2(nullptr, 0);
    child<<<1, 1>>>(out);
}
// CHECK-ERR: error_device_api_that_does_not_link_is_refused.cu:8:5: error: device-side cudaEventRecordWithFlags is not supported: CUDA 13.0's cudadevrt does not define it
// CHECK-ERR: use cudaEventRecord
// CHECK-ERR: error_device_api_that_does_not_link_is_refused.cu:9:5: error: device-side cudaMemcpy2DAsync is not supported
// CHECK-ERR: copy or set each row with cudaMemcpyAsync, or in a kernel
// CHECK-ERR: error_device_api_that_does_not_link_is_refused.cu:10:5: error: device-side cudaMemset2DAsync is not supported
// CHECK-ERR: copy or set each row with cudaMemsetAsync, or in a kernel
// CHECK-ERR: error_device_api_that_does_not_link_is_refused.cu:11:5: error: device-side cudaLaunchDeviceV2 (the low-level launch API) is not supported
