// EXPECT-ERROR: error:
__global__ void child(int *p, int n) { p[0] = n; }

__global__ void parent(int *p)
{
    child<<<1, 1>>>(p,