// A device-side launch through a function pointer cannot be lowered: the
// launched kernel is unknown. Host-side ones stay native and are fine.
__global__ void child(int *p) {}
typedef void (*kernel_pointer)(int *);

__global__ void parent(int *p, kernel_pointer which)
{
    which<<<1, 1>>>(p);
}

void host(int *p, kernel_pointer which) { which<<<1, 1>>>(p); }
// CHECK: error 8:5 device-side launch through an expression that does not name a kernel (a function pointer?) is not supported
// CHECK-NOT: error 11:
