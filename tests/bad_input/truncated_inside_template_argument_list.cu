// EXPECT-ERROR: error:
template <typename T> __global__ void child(T *p) { p[0] = 1; }

__global__ void parent(int *p)
{
    child<int