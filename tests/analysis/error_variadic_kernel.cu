// A variadic kernel's parameters cannot be packed into a launch record.
__global__ void child(int count, ...) {}

__global__ void parent() { child<<<1, 1>>>(2, 3, 4); }
// CHECK: error 4:28 device-side launch of variadic kernel 'child' is not supported
