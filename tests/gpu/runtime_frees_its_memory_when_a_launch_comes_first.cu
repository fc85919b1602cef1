// runtime_frees_its_memory_when_a_launch_comes_first.cu: CDP2 semantic test
// for cdp-lower.
// Build: nvcc -rdc=true -arch=sm_90 -O2 runtime_frees_its_memory_when_a_launch_comes_first.cu -o t -lcudadevrt
//
// The program's first CUDA call is a kernel launch, so the lowered program
// makes the launch queue before anything else has initialized the CUDA
// runtime. The queue must still be freed at exit, before the runtime's own
// teardown: gpu.runtime_frees_what_it_allocated runs this program under
// compute-sanitizer's leak check. Nothing here may call CUDA before the
// launch (no timer).
#include "cdp_test.cuh"

__device__ void count_launch_error()
{
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
}

__device__ unsigned int g_children;

__global__ void child() { atomicAdd(&g_children, 1u); }

__global__ void parent()
{
    child<<<1, 1>>>();
    count_launch_error();
    child<<<1, 1, 0, cudaStreamFireAndForget>>>();
    count_launch_error();
}

int main()
{
    parent<<<2, 1>>>();
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    unsigned int children = 0, errors = 0;
    CHECK(cudaMemcpyFromSymbol(&children, g_children, sizeof children));
    CHECK(cudaMemcpyFromSymbol(&errors, g_launch_errors, sizeof errors));
    printf("children: %u\n", children);
    fact("device launches succeeded", errors == 0);
    fact("every child ran", children == 4);
    return finish();
}
