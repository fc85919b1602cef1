// Device-side runtime calls that cdp-lower does not lower, and that lowered
// code (no -rdc, no cudadevrt) could not link, are refused where they are
// written (each with what to do instead), not left for the build to fail on.
__global__ void child(int *out) { out[0] = 1; }

__global__ void parent(int *out, cudaEvent_t event)
{
    cudaEventRecordWithFlags(event, 0, 0);
    cudaLaunchDeviceV2(nullptr, 0);
    child<<<1, 1>>>(out);
}
// CHECK-ERR: error_device_api_that_does_not_link_is_refused.cu:8:5: error: device-side cudaEventRecordWithFlags is not supported: CUDA 13.0's cudadevrt does not define it
// CHECK-ERR: use cudaEventRecord
// CHECK-ERR: error_device_api_that_does_not_link_is_refused.cu:9:5: error: device-side cudaLaunchDeviceV2 (the low-level launch API) is not supported
