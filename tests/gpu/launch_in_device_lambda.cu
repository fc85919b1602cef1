// launch_in_device_lambda.cu: CDP2 test for cdp-lower (front end).
// Prints only schedule-independent facts.
// Build: nvcc -rdc=true -arch=sm_90 --extended-lambda -O2 launch_in_device_lambda.cu -o launch_in_device_lambda -lcudadevrt
#include "cdp_test.cuh"

// Device-side launches written inside lambdas: an extended __device__ lambda
// and a plain lambda (a device lambda, being in device code) defined in a
// kernel and called by its threads, one of them handed to a __device__
// function template that calls it; a lambda in host code that launches
// the parent; and an extended __device__ lambda written in host code that
// launches, passed to a kernel template (which then runs through the
// runtime, natively a kernel launching from its threads). Each child adds
// its value at its block index.
__device__ unsigned int g_sum[4][2];
__device__ unsigned int g_launch_errors_here;

__global__ void child(int slot, unsigned int value)
{
    if (threadIdx.x == 0) atomicAdd(&g_sum[slot][blockIdx.x], value);
}

template <typename F> __device__ void call_twice(F f)
{
    f(1u);
    f(2u);
}

__global__ void parent(unsigned int base)
{
    if (threadIdx.x != 0) return;
    auto spawn = [=] __device__ (int slot, unsigned int value) {
        child<<<2, 32>>>(slot, base + value);
        if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors_here, 1u);
    };
    auto spawn_plain = [base](unsigned int value) {
        child<<<2, 32>>>(2, base * value);
        if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors_here, 1u);
    };
    spawn(0, 5u);
    spawn(1, 7u);
    call_twice(spawn_plain);
}

template <typename F> __global__ void apply(F f, unsigned int value)
{
    if (threadIdx.x == 0) f(value);
}

int main()
{
    auto run = [](unsigned int base) { parent<<<1, 32>>>(base); };
    auto spawn_from_host_code = [] __device__ (unsigned int value) {
        child<<<2, 32>>>(3, value);
        if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors_here, 1u);
    };
    const Timer timer = timer_start();
    run(10u);
    CHECK(cudaGetLastError());
    apply<<<1, 32>>>(spawn_from_host_code, 40u);
    CHECK(cudaGetLastError());
    timer_stop(timer);

    unsigned int sum[4][2], errors = 0;
    CHECK(cudaMemcpyFromSymbol(sum, g_sum, sizeof sum));
    CHECK(cudaMemcpyFromSymbol(&errors, g_launch_errors_here, sizeof errors));
    const unsigned int want[4] = {15u, 17u, 10u + 20u, 40u};
    bool right = true;
    for (int s = 0; s < 4; ++s) {
        printf("slot %d: block 0 %u, block 1 %u (expected %u each)\n", s, sum[s][0], sum[s][1], want[s]);
        right = right && sum[s][0] == want[s] && sum[s][1] == want[s];
    }
    fact("device launches succeeded", errors == 0);
    fact("each launch from a lambda ran its grid with the lambda's values", right);
    return finish();
}
