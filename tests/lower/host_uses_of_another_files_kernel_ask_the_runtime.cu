// Host code's uses of a kernel that another file defines (declared here,
// as a shared header declares it): whether that file lowered it is known
// only when the program runs, so the queries and cudaLaunchKernel ask the
// runtime (cdpl_host_kernel, cdpl_cudaLaunchKernel); a <<<>>> launch stays
// as written, and reaches the kernel's own name, which the defining file
// makes a host function where it lowered the kernel. Such a file needs
// lowering though it launches nothing from device code.
#include <cstddef>

__global__ void solve(float *x, int n);

template <typename Kernel> static size_t registers_of(Kernel kernel)
{
    cudaFuncAttributes attributes;
    return cudaFuncGetAttributes(&attributes, kernel) == cudaSuccess ? attributes.numRegs : 0;
}

int main()
{
    float *x = nullptr;
    int n = 16;
    size_t registers = registers_of(solve);
    int blocks = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, solve, 128, 0);
    void *args[] = {&x, &n};
    cudaLaunchKernel((const void *)solve, 1, 128, args, 0, 0);
    solve<<<1, 128>>>(x, n);
    return registers > 0 && blocks > 0 ? 0 : 1;
}
// CHECK: #include "cdpl.cuh"
// CHECK: size_t registers = registers_of(cdpl_host_kernel(solve));
// CHECK: cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, cdpl_host_kernel(solve), 128, 0);
// CHECK: cdpl_cudaLaunchKernel((const void *)cdpl_host_kernel(solve), 1, 128, args, 0, 0);
// CHECK: solve<<<1, 128>>>(x, n);
