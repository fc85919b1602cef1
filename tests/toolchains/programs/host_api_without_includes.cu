// A CUDA program that relies on the CUDA runtime header being implicit, as
// nvcc and clang make it: nothing to lower, yet it must build with hipcc
// after cdp-lower --target=hip.
#include <stdio.h>

__global__ void add_one(int *values) { values[threadIdx.x] += 1; }

int main(void)
{
    int *values = NULL;
    cudaError_t error = cudaMalloc(&values, 32 * sizeof(int));
    if (error == cudaSuccess) error = cudaMemset(values, 0, 32 * sizeof(int));
    if (error == cudaSuccess) {
        add_one<<<1, 32>>>(values);
        error = cudaDeviceSynchronize();
    }
    int first = 0;
    if (error == cudaSuccess) error = cudaMemcpy(&first, values, sizeof first, cudaMemcpyDeviceToHost);
    printf("first value: %d (%s)\n", first, cudaGetErrorString(error));
    cudaFree(values);
    return error == cudaSuccess && first == 1 ? 0 : 1;
}
