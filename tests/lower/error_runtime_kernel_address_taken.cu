// A runtime kernel's address put to another use than a query would launch
// or call something that is no longer a kernel: refused, with its location.
__global__ void child(int *p) { p[threadIdx.x] = 1; }

__global__ void parent(int *p) { child<<<1, 32>>>(p); }

int main()
{
    void (*pointer)(int *) = child;
    void *args[] = {nullptr};
    cudaLaunchKernel((const void *)pointer, 1, 32, args, 0, 0);
    return 0;
}
// CHECK-ERR: error_runtime_kernel_address_taken.cu:9:30: error: kernel 'child' runs through the cdpl runtime
