// Under #if __CUDA_ARCH__ a launch is read from its tokens, which leave
// comments out as the preprocessor does: a commented stream is still the
// stream it names.
__global__ void child(float *data) {}

__global__ void parent(float *data)
{
#if __CUDA_ARCH__
    child<<<1, 1, 0, cudaStreamFireAndForget /* runs on its own */>>>(data);
    child<<<1, 1, 0, /* the parent's */ cudaStreamTailLaunch>>>(data);
#endif
}
// CHECK: launch 9:5 kernel=child caller=parent side=device stream=fire_and_forget arch_guard=1 config=4 args=1
// CHECK: launch 10:5 kernel=child caller=parent side=device stream=tail arch_guard=1 config=4 args=1
// CHECK-NOT: error
