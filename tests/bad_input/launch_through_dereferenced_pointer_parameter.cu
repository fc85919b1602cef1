// EXPECT-ERROR: error: device-side launch through an expression that does not name a kernel
__global__ void parent(int *p, void (**which)(int *)) { (*which)<<<1, 1>>>(p); }
