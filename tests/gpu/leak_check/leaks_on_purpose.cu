// leaks_on_purpose.cu: the control of gpu.runtime_frees_what_it_allocated.
// It allocates device memory, uses it, and exits without freeing it, so
// compute-sanitizer's leak check must report it: if the check reported
// nothing here, a clean report on a lowered program would prove nothing.
#include <cuda_runtime.h>

#include <cstdio>

__global__ void fill(int *data, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] = i;
}

int main()
{
    const int n = 1 << 16;
    int *data = nullptr;
    if (cudaMalloc(&data, n * sizeof(int)) != cudaSuccess) return 1;
    fill<<<(n + 255) / 256, 256>>>(data, n);
    if (cudaDeviceSynchronize() != cudaSuccess) return 1;
    printf("left %zu bytes allocated on purpose\n", n * sizeof(int));
    return 0;
}
