// A stream variable, or any expression that is not a constant, is a named
// stream; the device-side stream API calls around it are recorded.
__global__ void child(int n) {}

__device__ cudaStream_t pick(cudaStream_t a, cudaStream_t b, int n) { return n ? a : b; }

__global__ void parent(int n)
{
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    child<<<1, 1, 0, s>>>(n);
    child<<<1, 1, 0, pick(s, cudaStreamTailLaunch, n)>>>(n);
    cudaStreamDestroy(s);
}
// CHECK: launch 11:5 kernel=child caller=parent side=device stream=named arch_guard=0 config=4 args=1
// CHECK: launch 12:5 kernel=child caller=parent side=device stream=named arch_guard=0 config=4 args=1
// CHECK: config "pick(s, cudaStreamTailLaunch, n)"
// CHECK: api 10:5 cudaStreamCreateWithFlags caller=parent side=device text="cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking)"
// CHECK: api 13:5 cudaStreamDestroy caller=parent side=device
// CHECK-NOT: error
