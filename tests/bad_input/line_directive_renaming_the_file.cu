// EXPECT-LOWERED
// EXPECT-OUTPUT: cdpl_launch_child(cdpl_config(1, 1), p)
// A #line directive that renames the file and restarts its numbering.
__global__ void child(int *p) { p[0] = 1; }
#line 4000000 "renamed.cu"
__global__ void parent(int *p) { child<<<1, 1>>>(p); }
