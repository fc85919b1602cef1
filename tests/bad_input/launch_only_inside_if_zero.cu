// EXPECT-UNCHANGED
// The only device-side launch is skipped by the preprocessor.
__global__ void child(int *p) { p[0] = 1; }

__global__ void parent(int *p)
{
#if 0
    child<<<1, 1>>>(p);
#endif
    p[1] = 2;
}
