// Under #if __CUDA_ARCH__ the kernel is found by name among this file's
// kernels; a name that is not one of them cannot be lowered.
__global__ void child(int n) {}
typedef void (*launchable)(int);

__global__ void parent(int n, launchable which)
{
#if __CUDA_ARCH__
    which<<<1, 1>>>(n);
    (*which)<<<1, 1>>>(n);
#endif
}
// CHECK: error 9:5 device-side launch of 'which' under #if __CUDA_ARCH__ does not name a kernel defined in this file
// CHECK: error 10:13 device-side launch through an expression that does not name a kernel
