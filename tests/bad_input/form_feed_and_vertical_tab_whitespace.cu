// EXPECT-LOWERED
// EXPECT-OUTPUT: cdpl_launch_child(cdpl_config(1,1), p)
// Form feeds and vertical tabs are whitespace too.
__global__ void child(int *p){ p[0] = 1; }

__global__void parent(int *p)
{
child<<<1,1>>>(p);
}
