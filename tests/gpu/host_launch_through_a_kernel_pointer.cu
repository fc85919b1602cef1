// host_launch_through_a_kernel_pointer.cu: host code that hands kernels to a
// helper as function pointers, which launches them with <<<>>>, a runtime
// kernel (a chain of tail launches) and a native one alike. Lowered, a
// runtime kernel's name in host code stood for its entry, and the launch
// through the pointer called the entry with the kernel's arguments: the
// program stopped with "unspecified launch failure" (a nested reduction
// from a textbook, exit code 234). The lowering now has such launches ask
// the runtime for the kernel's host function (cdpl_host_launchable).
// Build: nvcc -rdc=true -arch=sm_90 -O2 host_launch_through_a_kernel_pointer.cu -lcudadevrt
#include "cdp_test.cuh"

#define SIZE 256

__device__ void count_launch_error()
{
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
}

// Adds the upper half of data[0, size) to its lower half, then tail-launches
// itself on the lower half: data[0] ends as the sum.
__global__ void reduce_halves(int *data, int size)
{
    const int half = size / 2;
    if (threadIdx.x < half) data[threadIdx.x] += data[threadIdx.x + half];
    __syncthreads();
    if (threadIdx.x == 0 && half > 1) {
        reduce_halves<<<1, half / 2 > 0 ? half / 2 : 1, 0, cudaStreamTailLaunch>>>(data, half);
        count_launch_error();
    }
}

// A native kernel, launched the same way.
__global__ void add_one(int *data, int size)
{
    if (threadIdx.x < size) data[threadIdx.x] += 1;
}

static int run(void (*kernel)(int *, int), const char *name)
{
    int host[SIZE], *data = nullptr;
    for (int i = 0; i < SIZE; ++i) host[i] = i;
    CHECK(cudaMalloc(&data, sizeof host));
    CHECK(cudaMemcpy(data, host, sizeof host, cudaMemcpyHostToDevice));
    kernel<<<1, SIZE / 2>>>(data, SIZE);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(host, data, sizeof host, cudaMemcpyDeviceToHost));
    CHECK(cudaFree(data));
    printf("%s through a pointer: data[0] = %d, data[%d] = %d\n", name, host[0], SIZE - 1, host[SIZE - 1]);
    return host[0];
}

int main()
{
    const int sum = run(reduce_halves, "reduce_halves");
    const int first = run(add_one, "add_one");
    unsigned int errors = 0;
    CHECK(cudaMemcpyFromSymbol(&errors, g_launch_errors, sizeof errors));
    const bool ok = sum == SIZE * (SIZE - 1) / 2 && first == 1 && errors == 0;
    printf("RESULT: %s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
