// A launch spelled inside a macro expansion cannot be rewritten in place.
#define LAUNCH_ONE(kernel, arg) kernel<<<1, 1>>>(arg)
__global__ void child(int n) {}

__global__ void parent(int n)
{
    LAUNCH_ONE(child, n);
#if __CUDA_ARCH__
    LAUNCH_ONE(child, n + 1);
#endif
}
// CHECK: error 7:5 device-side launch spelled inside a macro expansion is not supported yet
// CHECK: error 9:5 device-side launch spelled inside a macro expansion is not supported yet
