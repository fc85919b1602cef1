// EXPECT-UNCHANGED: nothing in it to rewrite, so clang's errors are warnings
// and nvcc reports what is wrong when it compiles the file as it is.
__global__ void child(int *p) { p[0] = 1; }

__global__ void par