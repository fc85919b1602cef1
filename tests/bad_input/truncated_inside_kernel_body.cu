// EXPECT-ERROR: error: expected '}'
__global__ void child(int *p) { p[0] = 1; }

__global__ void parent(int *p)
{
    child<<<1, 1>>>(p);
    if (p[0] > 0) {
        p[1] = 2;