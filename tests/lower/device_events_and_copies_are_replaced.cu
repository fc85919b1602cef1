// Device-side events and async copies go to the runtime, which orders them
// in their streams like launches.
#include <cstdio>
__global__ void child(int *p) {}

__global__ void parent(int *a, int *b)
{
    cudaStream_t s;
    cudaEvent_t e;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    cudaEventCreateWithFlags(&e, cudaEventDisableTiming);
    child<<<1, 1, 0, s>>>(a);
    cudaEventRecord(e, s);
    cudaStreamWaitEvent(0, e, 0);
    cudaMemcpyAsync(b, a, 64, cudaMemcpyDeviceToDevice, s);
    cudaMemsetAsync(a, 0, 64, 0);
    cudaEventDestroy(e);
    if (cudaGetLastError() != cudaSuccess) printf("%s\n", cudaGetErrorName(cudaPeekAtLastError()));
}
// CHECK: cdpl_cudaEventCreateWithFlags(&e, cudaEventDisableTiming);
// CHECK: cdpl_cudaEventRecord(e, s);
// CHECK: cdpl_cudaStreamWaitEvent(0, e, 0);
// CHECK: cdpl_cudaMemcpyAsync(b, a, 64, cudaMemcpyDeviceToDevice, s);
// CHECK: cdpl_cudaMemsetAsync(a, 0, 64, 0);
// CHECK: cdpl_cudaEventDestroy(e);
// CHECK: printf("%s\n", cdpl_cudaGetErrorName(cdpl_cudaPeekAtLastError()));
