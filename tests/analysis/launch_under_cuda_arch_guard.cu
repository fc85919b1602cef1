// The host-side parse skips #if __CUDA_ARCH__ code; those launches come from
// the device-side parse's diagnostics and are read back from the tokens.
#define TAIL cudaStreamTailLaunch
namespace work {
__global__ void child(int *out, int n) {}
}

__global__ void parent(int *out, int n)
{
#if __CUDA_ARCH__
    work::child<<<dim3(n, 1), 32, 0, TAIL>>>(out, (n + 1) * 2);
#endif
#ifdef __CUDA_ARCH__
    work::child<<<1, 1>>>(out, n);
    work::child<<<1, 1, 0, cudaStreamFireAndForget>>>(out, n);
#else
    out[0] = n;
#endif
}
// CHECK: function child side=kernel runs_in_runtime=1 virtualized=1
// CHECK: launched_from_device=1
// CHECK: function parent side=kernel runs_in_runtime=1 virtualized=1 prologue=0 params=int *,int
// CHECK: launch 11:11 kernel=child caller=parent side=device stream=tail arch_guard=1 config=4 args=2 text="work::child<<<dim3(n, 1), 32, 0, TAIL>>>(out, (n + 1) * 2)"
// CHECK: callee "child" chevrons 11:16-11:19 11:42-11:45 parens 11:45-11:46 11:62-11:63
// CHECK: config "dim3(n, 1)"
// CHECK: config "32"
// CHECK: config "0"
// CHECK: config "TAIL"
// CHECK: arg "out"
// CHECK: arg "(n + 1) * 2"
// CHECK: launch 14:11 kernel=child caller=parent side=device stream=null arch_guard=1 config=2 args=2
// CHECK: launch 15:11 kernel=child caller=parent side=device stream=fire_and_forget arch_guard=1 config=4 args=2
// CHECK-NOT: error
