// EXPECT-LOWERED
// EXPECT-OUTPUT: cdpl_launch_child(cdpl_config(2, 1), p)
// Comments in Latin-1 (not UTF-8): café, naïve, © ÿþ.
__global__ void child(int *p) { p[blockIdx.x] = 1; } /* à la carte */

__global__ void parent(int *p) { child<<<2, 1>>>(p); } // µs
