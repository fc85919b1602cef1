// EXPECT-UNCHANGED
// Kernels launched from the host only: the file needs no lowering.
__global__ void child(int *p) { p[threadIdx.x] = blockIdx.x; }

void run(int *p)
{
    child<<<2, 32>>>(p);
    cudaDeviceSynchronize();
}
