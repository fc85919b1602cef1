// EXPECT-LOWERED
// EXPECT-OUTPUT: cdpl_launch_child(cdpl_config(2, 1), p)
// A UTF-8 byte order mark must stay the first bytes of the lowered file.
__global__ void child(int *p) { p[blockIdx.x] = 1; }

__global__ void parent(int *p) { child<<<2, 1>>>(p); }
