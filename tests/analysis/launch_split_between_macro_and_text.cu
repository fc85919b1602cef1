// A launch whose kernel name comes from a macro argument while `<<<` is in
// the macro's definition (or whose name is a macro's whole definition) is
// found in the expansion of the macro use, which the lowering writes in
// the use's place. Both parses find them (outside and under
// #if __CUDA_ARCH__); the parts are where they are written, and where they
// are in the expansion ("after": after the use); a launch's text is its
// kernel's name where its parts are not written together.
#define LAUNCH_ONE(kernel, arg) kernel<<<1, 1>>>(arg)
#define KERNEL child
__global__ void child(int n) {}

__global__ void parent(int n)
{
    LAUNCH_ONE(child, n);
    KERNEL<<<1, 1>>>(n);
#if __CUDA_ARCH__
    LAUNCH_ONE(child, n + 1);
#endif
}
// CHECK: launch 14:5 kernel=child caller=parent side=device stream=null arch_guard=0 config=2 args=1
// CHECK: callee "child" chevrons 8:39-8:42 8:46-8:49 parens 8:49-8:50 8:53-8:54
// CHECK: in expansion of LAUNCH_ONE at 14:5 tokens 0 1 5 6
// CHECK: launch 15:5 kernel=child caller=parent side=device stream=null arch_guard=0 config=2 args=1 text="child"
// CHECK: callee "child" chevrons 15:11-15:14
// CHECK: in expansion of KERNEL at 15:5 tokens 0 after after after
// CHECK: launch 17:5 kernel=child caller=parent side=device stream=null arch_guard=1 config=2 args=1
// CHECK: in expansion of LAUNCH_ONE at 17:5 tokens 0 1 5 6
// CHECK: macro_use LAUNCH_ONE 14:5-14:25 "child<<<1, 1>>>(n)"
// CHECK: macro_use KERNEL 15:5-15:11 "child"
// CHECK: macro_use LAUNCH_ONE 17:5-17:29 "child<<<1, 1>>>(n + 1)"
// CHECK-NOT: error
