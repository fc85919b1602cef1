// kernel_attribute_queries_in_device_code.cu: CDP2 semantic test for cdp-lower
// (rule 17: cudaFuncGetAttributes and the occupancy calculator keep working in
// device code, also about a kernel that is itself launched from the device).
// Prints only facts that hold for any register allocation: the return codes,
// and that the answers are usable for a launch of 64 threads.
#include "cdp_test.cuh"

__device__ int g_codes[2];
__device__ int g_usable[2];
__device__ int g_child_ran;

__global__ void child(int *out)
{
    if (threadIdx.x == 0) atomicAdd(&g_child_ran, 1);
    out[threadIdx.x] = 1;
}

__global__ void parent(int *out)
{
    cudaFuncAttributes attributes;
    g_codes[0] = cudaFuncGetAttributes(&attributes, child);
    g_usable[0] = attributes.maxThreadsPerBlock >= 64;
    int blocks = 0;
    g_codes[1] = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, child, 64, 0);
    g_usable[1] = blocks >= 1;
    child<<<1, 64>>>(out);
}

int main()
{
    int *out;
    CHECK(cudaMalloc(&out, 64 * sizeof(int)));
    Timer timer = timer_start();
    parent<<<1, 1>>>(out);
    CHECK(cudaGetLastError());
    timer_stop(timer);
    int codes[2], usable[2], ran = 0;
    CHECK(cudaMemcpyFromSymbol(codes, g_codes, sizeof codes));
    CHECK(cudaMemcpyFromSymbol(usable, g_usable, sizeof usable));
    CHECK(cudaMemcpyFromSymbol(&ran, g_child_ran, sizeof ran));
    printf("cudaFuncGetAttributes: %d\n", codes[0]);
    printf("cudaOccupancyMaxActiveBlocksPerMultiprocessor: %d\n", codes[1]);
    fact("attributes allow 64 threads", usable[0] == 1);
    fact("occupancy allows a block of 64", usable[1] == 1);
    fact("child ran once", ran == 1);
    fact("calls succeeded", codes[0] == 0 && codes[1] == 0);
    return finish();
}
