// cudaStreamFireAndForget is ((cudaStream_t)0x4).
__global__ void child(float *data) {}

__global__ void parent(float *data)
{
    child<<<dim3(2, 2), dim3(8, 8), 0, cudaStreamFireAndForget>>>(data);
}
// CHECK: launch 6:5 kernel=child caller=parent side=device stream=fire_and_forget arch_guard=0 config=4 args=1
// CHECK: callee "child" chevrons 6:10-6:13 6:63-6:66 parens 6:66-6:67 6:71-6:72
// CHECK: config "dim3(2, 2)"
// CHECK: config "dim3(8, 8)"
// CHECK: config "0"
// CHECK: config "cudaStreamFireAndForget"
// CHECK: arg "data"
// CHECK-NOT: error
