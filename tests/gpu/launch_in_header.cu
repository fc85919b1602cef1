// launch_in_header.cu: CDP2 test for cdp-lower (front end).
// Prints only schedule-independent facts.
// Build: nvcc -rdc=true -arch=sm_90 -O2 launch_in_header.cu -o launch_in_header -lcudadevrt
#include "cdp_test.cuh"
#include "launch_in_header.cuh"
#include "launch_in_header.cuh"   // a second time: #pragma once keeps it empty

// Device-side launches written in a header (header_parent launches
// header_leaf, whose block index comes from a header helper) and from the
// main file (parent launches header_parent, and header_leaf directly).
// Each leaf block adds its value at its own block index.
__global__ void parent(unsigned int value)
{
    if (threadIdx.x != 0) return;
    header_parent<<<1, 32>>>(value);
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_header_errors, 1u);
    header_leaf<<<4, 32>>>(value * 10u);
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_header_errors, 1u);
}

int main()
{
    const Timer timer = timer_start();
    parent<<<1, 32>>>(3u);
    CHECK(cudaGetLastError());
    header_parent<<<1, 32>>>(100u);   // a host launch of a header kernel
    CHECK(cudaGetLastError());
    timer_stop(timer);

    unsigned int sum[4], errors = 0;
    CHECK(cudaMemcpyFromSymbol(sum, g_header_sum, sizeof sum));
    CHECK(cudaMemcpyFromSymbol(&errors, g_header_errors, sizeof errors));
    bool right = true;
    for (int b = 0; b < 4; ++b) {
        printf("block %d of the leaves: %u (expected %u)\n", b, sum[b], 3u + 30u + 100u);
        right = right && sum[b] == 3u + 30u + 100u;
    }
    fact("device launches succeeded", errors == 0);
    fact("every leaf block ran once, at its own block index", right);
    return finish();
}
