// A host file as SP's main.cu is one: CUB, user headers found through -I,
// kernels launched from the host only, the runtime API on the host. It
// needs no lowering, and is no valid CUDA for clang (the static_assert).
#include <cstdio>
#include <cub/cub.cuh>

#include "helpers.cuh"

static_assert(sizeof(int) == 3, "only a compiler sees this");

__global__ void scale(float *v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] *= 2.0f;
}

int main()
{
    float *d = nullptr;
    CHECK(cudaMalloc(&d, 1024 * sizeof(float)));
    scale<<<4, 256>>>(d, 1024);
    CHECK(cudaGetLastError());
    size_t bytes = 0;
    cub::DeviceReduce::Sum(nullptr, bytes, d, d, 1024);
    run_on(d, 1024);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaFree(d));
    return 0;
}
