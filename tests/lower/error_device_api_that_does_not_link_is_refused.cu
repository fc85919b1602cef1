// Device-side runtime calls that cdp-lower does not lower yet, and that
// need -rdc and cudadevrt to link, are refused where they are written
// (each with what to do instead), not left for the build to fail on.
__global__ void child(int *out) { out[0] = 1; }

__global__ void parent(int *out, cudaEvent_t event)
{
    size_t stack = 0;
    cudaFuncCache cache;
    cudaSharedMemConfig banks;
    cudaDeviceGetLimit(&stack, cudaLimitStackSize);
    cudaDeviceGetCacheConfig(&cache);
    cudaDeviceGetSharedMemConfig(&banks);
    cudaEventRecordWithFlags(event, 0, 0);
    cudaMemcpy2DAsync(out, 16, out + 64, 16, 16, 4, cudaMemcpyDeviceToDevice, 0);
    cudaMemset2DAsync(out, 16, 0, 16, 4, 0);
    cudaLaunchDeviceV2(nullptr, 0);
    child<<<1, 1>>>(out);
}
// CHECK-ERR: error_device_api_that_does_not_link_is_refused.cu:11:5: error: device-side cudaDeviceGetLimit is not supported by cdp-lower yet
// CHECK-ERR: ask on the host and pass the value to the kernel
// CHECK-ERR: error_device_api_that_does_not_link_is_refused.cu:12:5: error: device-side cudaDeviceGetCacheConfig is not supported
// CHECK-ERR: error_device_api_that_does_not_link_is_refused.cu:13:5: error: device-side cudaDeviceGetSharedMemConfig is not supported
// CHECK-ERR: error_device_api_that_does_not_link_is_refused.cu:14:5: error: device-side cudaEventRecordWithFlags is not supported by cdp-lower yet
// CHECK-ERR: use cudaEventRecord
// CHECK-ERR: error_device_api_that_does_not_link_is_refused.cu:15:5: error: device-side cudaMemcpy2DAsync is not supported
// CHECK-ERR: copy or set each row with cudaMemcpyAsync, or in a kernel
// CHECK-ERR: error_device_api_that_does_not_link_is_refused.cu:16:5: error: device-side cudaMemset2DAsync is not supported
// CHECK-ERR: copy or set each row with cudaMemsetAsync, or in a kernel
// CHECK-ERR: error_device_api_that_does_not_link_is_refused.cu:17:5: error: device-side cudaLaunchDeviceV2 (the low-level launch API) is not supported
