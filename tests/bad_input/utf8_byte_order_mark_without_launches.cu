// EXPECT-UNCHANGED
// A UTF-8 byte order mark and no device-side launch.
__global__ void child(int *p) { p[0] = 1; }
