// EXPECT-ERROR: 3:24: error: kernel 'child' is launched from device code but not defined in this file
// Without -rdc the child's definition must be lowered together with its launches.
extern __global__ void child(int *p);

__global__ void parent(int *p) { child<<<1, 1>>>(p); }
