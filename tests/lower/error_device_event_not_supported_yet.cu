// Device-side events are recognised and refused until the runtime has them.
__global__ void child() {}

__global__ void parent()
{
    cudaEvent_t e;
    cudaEventCreateWithFlags(&e, cudaEventDisableTiming);
    child<<<1, 1>>>();
}
// CHECK-ERR: error_device_event_not_supported_yet.cu:7:5: error: device-side cudaEventCreateWithFlags is not supported by cdp-lower yet
