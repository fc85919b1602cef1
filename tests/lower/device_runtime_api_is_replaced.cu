// Device runtime calls that do not link without -rdc go to the runtime.
#include <cstdio>
__global__ void child(int *p) {}

__global__ void parent()
{
    int *buffer;
    cudaMalloc((void **)&buffer, 64);
    child<<<1, 1>>>(buffer);
    cudaError_t status = cudaGetLastError();
    if (status != cudaSuccess) printf("%s\n", cudaGetErrorString(status));
    status = cudaPeekAtLastError();
    cudaFree(buffer);
}

int main()
{
    parent<<<1, 1>>>();
    return cudaGetLastError() != cudaSuccess;
}
// CHECK: cdpl_cudaMalloc((void **)&buffer, 64);
// CHECK: cudaError_t status = cdpl_cudaGetLastError();
// CHECK: printf("%s\n", cdpl_cudaGetErrorString(status));
// CHECK: status = cdpl_cudaPeekAtLastError();
// CHECK: cdpl_cudaFree(buffer);
// CHECK: return cudaGetLastError() != cudaSuccess;
// CHECK-NOT: cdpl_register_settings_reader
// CHECK-NOT: cdpl_register_pitched_copies
