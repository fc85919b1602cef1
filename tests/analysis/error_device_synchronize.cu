// CDP1's device-side cudaDeviceSynchronize cannot be lowered faithfully;
// the analysis says so (not clang's "no matching function"), with a hint.
__global__ void child() {}

__global__ void parent()
{
    child<<<1, 1>>>();
    cudaDeviceSynchronize();
}
// CHECK: api 8:5 cudaDeviceSynchronize caller=parent side=device text="cudaDeviceSynchronize()"
// CHECK: error 8:5 device-side cudaDeviceSynchronize: CDP1 device-side synchronization was removed in CUDA 12 and cannot be lowered faithfully; use a tail launch (cudaStreamTailLaunch) to run code after children complete
// CHECK-NOT: no matching function
