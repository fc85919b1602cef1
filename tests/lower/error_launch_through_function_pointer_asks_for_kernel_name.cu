// A device-side launch through a function pointer cannot be lowered (which
// kernel it launches is unknown): it is refused where it is written, saying
// what to write instead. The host-side one stays a native launch.
__global__ void child(int *p) {}
typedef void (*kernel_pointer)(int *);

__global__ void parent(int *p, kernel_pointer which)
{
    which<<<1, 1>>>(p);
}

void host(int *p, kernel_pointer which) { which<<<1, 1>>>(p); }
// CHECK-ERR: error_launch_through_function_pointer_asks_for_kernel_name.cu:9:5: error: device-side launch through
// CHECK-ERR: launch the kernel by its name
