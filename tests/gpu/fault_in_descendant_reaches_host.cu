// fault_in_descendant_reaches_host.cu: CDP2 semantic test for cdp-lower (see the rule below).
// Prints only schedule-independent facts; the order of grids is recorded
// with global atomic tickets and only orders that CDP2 guarantees are checked.
// Build: nvcc -rdc=true -arch=sm_90 -O2 fault_in_descendant_reaches_host.cu -o fault_in_descendant_reaches_host -lcudadevrt
#include "cdp_test.cuh"

// Rule 13: an error raised in any descendant reaches the host as the error of
// the next synchronization. A grandchild of the host-launched grid writes
// through a null pointer; the host's cudaDeviceSynchronize() must return an
// error (natively cudaErrorIllegalAddress). A fault is sticky: after it, the
// program makes no CUDA call other than cudaGetErrorName/cudaGetErrorString.
#include <chrono>

__global__ void grandchild(int *bad)
{
    if (threadIdx.x == 0) *(volatile int *)bad = 42;   // bad is a null pointer: illegal address
}

__global__ void child(int *bad)
{
    if (threadIdx.x == 0) grandchild<<<1, 32>>>(bad);
}

__global__ void root(int *bad)
{
    if (threadIdx.x == 0) child<<<1, 32>>>(bad);
}

int main()
{
    init_host_spans();
    int *bad = nullptr;

    const auto t0 = std::chrono::steady_clock::now();
    root<<<1, 32>>>(bad);
    // The fault may already be reported by the call right after the launch
    // (as with any kernel, depending on timing); if not, by the synchronization.
    const cudaError_t launch = cudaGetLastError();
    const cudaError_t sync = cudaDeviceSynchronize();   // not CHECKed: it must fail
    const auto t1 = std::chrono::steady_clock::now();
    fprintf(stderr, "time_ms: %.3f\n",
            std::chrono::duration<double, std::milli>(t1 - t0).count());
    fprintf(stderr, "cudaGetLastError after the launch: %d, cudaDeviceSynchronize: %d\n", (int)launch,
            (int)sync);
    const cudaError_t seen = launch != cudaSuccess ? launch : sync;

    printf("fault: host grid -> child -> grandchild that writes through a null pointer\n");
    printf("error reaching the host: %d (%s)\n", (int)seen, cudaGetErrorName(seen));
    printf("host cudaDeviceSynchronize reports an error: %s\n", sync != cudaSuccess ? "yes" : "no");
    fact("the descendant's fault reaches the host", seen != cudaSuccess);
    fact("the host's synchronization reports it", sync != cudaSuccess);
    return finish();
}
