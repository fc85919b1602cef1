// cudaStreamPerThread is ((cudaStream_t)0x2).
__global__ void child() {}

__global__ void parent()
{
    child<<<1, 1, 0, cudaStreamPerThread>>>();
}
// CHECK: launch 6:5 kernel=child caller=parent side=device stream=per_thread arch_guard=0 config=4 args=0 text="child<<<1, 1, 0, cudaStreamPerThread>>>()"
// CHECK: parens 6:44-6:45 6:45-6:46
// CHECK-NOT: error
