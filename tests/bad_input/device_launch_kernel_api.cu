// EXPECT-UNCHANGED: device code cannot call cudaLaunchKernel this way (nvcc
// refuses it too), so nothing in it is to rewrite: clang's errors are
// warnings, and nvcc reports what is wrong when it compiles the file as it is.
__global__ void child(int *p) { p[0] = 1; }

__global__ void parent(int *p)
{
    void *args[] = {&p};
    cudaLaunchKernel((const void *)child, dim3(1), dim3(1), args, 0, 0);
}
