// EXPECT-ERROR: error: device-side launch through an expression that does not name a kernel
__global__ void first(int *p) { p[0] = 1; }
__global__ void second(int *p) { p[0] = 2; }

__global__ void parent(int *p, int i)
{
    void (*const table[2])(int *) = {first, second};
    table[i & 1]<<<1, 1>>>(p);
}
