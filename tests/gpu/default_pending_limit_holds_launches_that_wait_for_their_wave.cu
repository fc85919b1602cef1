// default_pending_limit_holds_launches_that_wait_for_their_wave.cu: a
// program that keeps CUDA's default pending-launch limit (2048) and makes
// more launches than that, spaced out in time so that natively each grid
// starts (and ends) long before the next launch: natively no launch is
// ever refused. Lowered, every launch of a wave stays pending until the
// wave ends, and launches past 2048 failed with
// cudaErrorLaunchPendingCountExceeded (a Mariani-Silver Mandelbrot that
// never met the limit natively lost 168 grids so). With the default kept,
// the runtime enforces its record pool instead; device code still reads
// the program's limit, 2048.
// Build: nvcc -rdc=true -arch=sm_90 -O2 default_pending_limit_holds_launches_that_wait_for_their_wave.cu -lcudadevrt
#include "cdp_test.cuh"

#define LAUNCHES 2600
#define SPACING_CYCLES 20000LL /* about 10 us: a tiny grid starts and ends in less */

__device__ unsigned int g_ran;
__device__ unsigned long long g_device_limit;

__device__ void count_launch_error()
{
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
}

__global__ void tiny()
{
    if (threadIdx.x == 0) atomicAdd(&g_ran, 1u);
}

__global__ void launcher()
{
    size_t limit = 0;
    if (cudaDeviceGetLimit(&limit, cudaLimitDevRuntimePendingLaunchCount) == cudaSuccess) g_device_limit = limit;
    for (int i = 0; i < LAUNCHES; ++i) {
        tiny<<<1, 32, 0, cudaStreamFireAndForget>>>();
        count_launch_error();
        spin(SPACING_CYCLES);
    }
}

int main()
{
    size_t limit = 0;
    CHECK(cudaDeviceGetLimit(&limit, cudaLimitDevRuntimePendingLaunchCount));
    launcher<<<1, 1>>>();
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    unsigned int ran = 0, errors = 0;
    unsigned long long device_limit = 0;
    CHECK(cudaMemcpyFromSymbol(&ran, g_ran, sizeof ran));
    CHECK(cudaMemcpyFromSymbol(&errors, g_launch_errors, sizeof errors));
    CHECK(cudaMemcpyFromSymbol(&device_limit, g_device_limit, sizeof device_limit));
    printf("host's pending-launch limit: %zu; device code reads %llu\n", limit, device_limit);
    printf("%d launches: %u ran, %u refused\n", LAUNCHES, ran, errors);
    const bool ok = limit == 2048 && device_limit == 2048 && ran == LAUNCHES && errors == 0;
    printf("RESULT: %s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
