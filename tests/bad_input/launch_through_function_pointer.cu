// EXPECT-ERROR: 8:5: error: device-side launch through an expression that does not name a kernel
__global__ void child(int *p) { p[0] = 1; }
typedef void (*kernel_pointer)(int *);

__global__ void parent(int *p)
{
    kernel_pointer which = child;
    which<<<1, 1>>>(p);
}
