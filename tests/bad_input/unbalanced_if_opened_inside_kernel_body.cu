// EXPECT-ERROR: error: unterminated conditional directive
__global__ void child(int *p) { p[0] = 1; }

__global__ void parent(int *p)
{
#ifdef __CUDACC__
    child<<<1, 1>>>(p);
}
