// Launches written whole in a macro's definition (one site per use of the
// macro, each with its own caller, all sharing the written text) or in a
// macro argument (rewritten there), on both sides and under
// #if __CUDA_ARCH__, through nested macros too.
#define LAUNCH_CHILD(n) child<<<1, 1>>>(n)
#define TWICE(...) do { __VA_ARGS__; __VA_ARGS__; } while (0)
#define OUTER(n) LAUNCH_CHILD(n + 1)
__global__ void child(int n) {}

__global__ void parent(int n)
{
    LAUNCH_CHILD(n);
    TWICE(child<<<2, 2>>>(n));
    OUTER(n);
#if __CUDA_ARCH__
    LAUNCH_CHILD(n + 3);
#endif
}

__device__ void spawn(int n) { TWICE(LAUNCH_CHILD(n)); }

int main()
{
    LAUNCH_CHILD(5);
    return 0;
}
// CHECK: launch 12:5 kernel=child caller=parent side=device stream=null arch_guard=0 config=2 args=1 text="child<<<1, 1>>>(n)"
// CHECK: callee "child" chevrons 5:30-5:33
// CHECK: launch 13:5 kernel=child caller=parent side=device stream=null arch_guard=0 config=2 args=1 text="child<<<2, 2>>>(n)"
// CHECK: callee "child" chevrons 13:16-13:19
// CHECK: launch 14:5 kernel=child caller=parent side=device stream=null arch_guard=0 config=2 args=1 text="child<<<1, 1>>>(n)"
// CHECK: callee "child" chevrons 5:30-5:33
// CHECK: launch 16:5 kernel=child caller=parent side=device stream=null arch_guard=1 config=2 args=1 text="child<<<1, 1>>>(n)"
// CHECK: callee "child" chevrons 5:30-5:33
// CHECK: launch 20:32 kernel=child caller=spawn side=device stream=null arch_guard=0 config=2 args=1 text="child<<<1, 1>>>(n)"
// CHECK: launch 24:5 kernel=child caller=main side=host stream=null arch_guard=0 config=2 args=1 text="child<<<1, 1>>>(n)"
// CHECK-NOT: error
