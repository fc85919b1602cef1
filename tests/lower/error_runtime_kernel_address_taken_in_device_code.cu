// A runtime kernel's address taken in device code, or in host code where
// the kernel is of internal linkage (its name has no host function), would
// launch or call something that is no longer a kernel: refused, with its
// location.
__global__ void child(int *p) { p[threadIdx.x] = 1; }
static __global__ void local_child(int *p) { p[threadIdx.x] = 2; }

__global__ void parent(int *p)
{
    child<<<1, 32>>>(p);
    local_child<<<1, 32>>>(p);
    void (*pointer)(int *) = child;
    (void)pointer;
}

int main()
{
    void (*pointer)(int *) = local_child;
    (void)pointer;
    return 0;
}
// CHECK-ERR: error_runtime_kernel_address_taken_in_device_code.cu:12:30: error: kernel 'child' runs through the cdpl runtime
// CHECK-ERR: error_runtime_kernel_address_taken_in_device_code.cu:18:30: error: kernel 'local_child' runs through the cdpl runtime
