// A launch whose kernel name comes from a macro argument while `<<<` is in
// the macro's definition cannot be rewritten: the definition serves other
// kernels too. Both parses say so (outside and under #if __CUDA_ARCH__).
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
// CHECK: error 10:5 this launch of 'child' is written partly inside a macro and partly outside it
// CHECK: error 11:5 this launch of 'child' is written partly inside a macro and partly outside it
// CHECK: error 13:5 this device-side launch comes from a macro that cdp-lower cannot rewrite
// CHECK-NOT: does not name a kernel
