// Host code that passes kernels to a helper as function pointers, and the
// helper launches them with <<<>>> (as "Professional CUDA C Programming"'s
// nested reduction does). A runtime kernel's name in host code stands for
// its entry (cdpl_host_kernel, so that queries answer for what runs), and
// nvcc compiles a launch through a pointer as a call of the pointer after
// pushing the configuration: the entry, called so, took the arguments for
// a wave and stopped the program ("unspecified launch failure"). The
// launch now asks the runtime for the kernel's host function
// (cdpl_host_launchable), which launches it through the runtime; a native
// kernel's pointer is launched as it is.
__global__ void halve(int *data, int size)
{
    if (size > 1 && threadIdx.x == 0) halve<<<1, 1, 0, cudaStreamTailLaunch>>>(data, size / 2);
    data[threadIdx.x] = size;
}

__global__ void fill(int *data, int size) { data[threadIdx.x] = size; }

static void run(void (*kernel)(int *, int), int *data)
{
    kernel<<<1, 32>>>(data, 32);
    (*kernel)<<<1, 32>>>(data, 16);
}

int main()
{
    int *data = nullptr;
    run(halve, data);
    run(fill, data);
    void (*chosen)(int *, int) = halve;
    chosen<<<1, 32, 0, 0>>>(data, 8);
    return 0;
}
// CHECK: cdpl_host_launchable(kernel)<<<1, 32>>>(data, 32);
// CHECK: cdpl_host_launchable((*kernel))<<<1, 32>>>(data, 16);
// CHECK: run(cdpl_host_kernel(halve), data);
// CHECK: run(fill, data);
// CHECK: void (*chosen)(int *, int) = cdpl_host_kernel(halve);
// CHECK: cdpl_host_launchable(chosen)<<<1, 32, 0, 0>>>(data, 8);
// CHECK-ERR-NOT: error
