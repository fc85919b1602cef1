// Device runtime API calls in device code are recorded (the callee name
// token and the whole call); host-side calls of the same API are not.
#include <cstdio>
#define CHECK(call) do { if ((call) != cudaSuccess) printf("failed\n"); } while (0)
__global__ void child(int *p) {}

__device__ void report() { printf("%s\n", cudaGetErrorName(cudaPeekAtLastError())); }

__global__ void parent()
{
    int *buffer;
    CHECK(cudaMalloc((void **)&buffer, 64));
    cudaMemsetAsync(buffer, 0, 64, cudaStreamTailLaunch);
    child<<<1, 1>>>(buffer);
    cudaError_t status = cudaGetLastError();
    if (status != cudaSuccess) printf("%s\n", cudaGetErrorString(status));
    report();
    cudaEvent_t event;
    cudaEventCreateWithFlags(&event, cudaEventDisableTiming);
    cudaEventRecord(event, cudaStreamTailLaunch);
    cudaStreamWaitEvent(cudaStreamTailLaunch, event, 0);
    cudaEventDestroy(event);
    cudaMemcpyAsync(buffer, buffer + 8, 8, cudaMemcpyDeviceToDevice, cudaStreamTailLaunch);
    cudaFree(buffer);
}

int main()
{
    parent<<<1, 1>>>();
    return cudaGetLastError() != cudaSuccess;
}
// CHECK: api 7:43 cudaGetErrorName caller=report side=device text="cudaGetErrorName(cudaPeekAtLastError())"
// CHECK: api 7:60 cudaPeekAtLastError caller=report side=device
// CHECK: api 12:11 cudaMalloc caller=parent side=device text="cudaMalloc((void **)&buffer, 64)"
// CHECK: api 13:5 cudaMemsetAsync caller=parent side=device
// CHECK: api 15:26 cudaGetLastError caller=parent side=device text="cudaGetLastError()"
// CHECK: api 16:47 cudaGetErrorString caller=parent side=device
// CHECK: api 19:5 cudaEventCreateWithFlags caller=parent side=device
// CHECK: api 20:5 cudaEventRecord caller=parent side=device
// CHECK: api 21:5 cudaStreamWaitEvent caller=parent side=device
// CHECK: api 22:5 cudaEventDestroy caller=parent side=device
// CHECK: api 23:5 cudaMemcpyAsync caller=parent side=device
// CHECK: api 24:5 cudaFree caller=parent side=device text="cudaFree(buffer)"
// CHECK-NOT: api 30:
// CHECK-NOT: error
