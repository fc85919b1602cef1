// EXPECT-ERROR: 9:13: error: kernel 'child' runs through the cdpl runtime
__global__ void child(int *p) { p[0] = 1; }

__device__ void (*saved)(int *);

__global__ void parent(int *p)
{
    child<<<1, 1>>>(p);
    saved = child;
}
