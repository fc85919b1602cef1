// The stream argument is passed through as written; the runtime tells the
// special streams apart by value, so macros and variables both work.
#define TAIL cudaStreamTailLaunch
__global__ void child(int depth) {}

__global__ void parent(int depth)
{
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    child<<<2, 64, 0, cudaStreamFireAndForget>>>(depth);
    child<<<2, 64, 128, TAIL>>>(depth);
    child<<<dim3(2, 2), dim3(8, 8), 0, s>>>(depth);
    child<<<1, 1, 0, cudaStreamPerThread>>>(depth);
    cudaStreamDestroy(s);
}
// CHECK: cdpl_cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
// CHECK: cdpl_launch_child(cdpl_config(2, 64, 0, cudaStreamFireAndForget), depth);
// CHECK: cdpl_launch_child(cdpl_config(2, 64, 128, TAIL), depth);
// CHECK: cdpl_launch_child(cdpl_config(dim3(2, 2), dim3(8, 8), 0, s), depth);
// CHECK: cdpl_launch_child(cdpl_config(1, 1, 0, cudaStreamPerThread), depth);
// CHECK: cdpl_cudaStreamDestroy(s);
