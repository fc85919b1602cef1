// EXPECT-ERROR: 7:23: error: expected ';' after expression
__global__ void child(int *p) { p[0] = 1; }

__global__ void parent(int *p)
{
    // a device-side launch whose statement is never finished
    child<<<1, 1>>>(p)
}
