// device_streams_take_default_flags.cu: CDP2 semantic test for cdp-lower
// (rule 7 with flags 0: the CUDA guide asks device code for
// cudaStreamNonBlocking, and native CDP2 also takes
// cudaStreamCreateWithFlags(&s, 0) with cudaSuccess; such a stream still
// serializes its launches, and an event orders it with another; an event
// created with flags 0 is cudaErrorInvalidValue, and sets the last error).
// A: into s1; B: into s1 after A; an event recorded in s1 after B; C: into
// s2 after waiting for it.
#include "cdp_test.cuh"

#define NCODES 8

__device__ void count_launch_error()
{
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
}

__global__ void leaf(int id, long long cycles)
{
    grid_begin(id);
    spin(cycles);
    grid_end(id);
}

__global__ void parent(int *codes)
{
    grid_begin(0);
    cudaStream_t s1, s2;
    cudaEvent_t e;
    codes[0] = cudaStreamCreateWithFlags(&s1, 0);
    codes[1] = cudaStreamCreateWithFlags(&s2, 0);
    cudaEvent_t untimed;
    codes[6] = cudaEventCreateWithFlags(&untimed, 0);
    codes[7] = cudaGetLastError();
    codes[2] = cudaEventCreateWithFlags(&e, cudaEventDisableTiming);
    leaf<<<2, 32, 0, s1>>>(1, LONG_SPIN);
    count_launch_error();
    leaf<<<2, 32, 0, s1>>>(2, SHORT_SPIN);
    count_launch_error();
    codes[3] = cudaEventRecord(e, s1);
    codes[4] = cudaStreamWaitEvent(s2, e, 0);
    leaf<<<1, 32, 0, s2>>>(3, SHORT_SPIN);
    count_launch_error();
    codes[5] = cudaGetLastError();
    cudaEventDestroy(e);
    cudaStreamDestroy(s1);
    cudaStreamDestroy(s2);
    grid_end(0);
}

int main()
{
    init_host_spans();
    int *d_codes = unwritten_codes(NCODES);
    CHECK(cudaDeviceSynchronize());

    const Timer timer = timer_start();
    parent<<<1, 1>>>(d_codes);
    CHECK(cudaGetLastError());
    timer_stop(timer);

    const unsigned int errors = read_spans();
    int c[NCODES];
    take_codes(c, d_codes);
    printf("cudaStreamCreateWithFlags(0) = %d, %d; cudaEventCreateWithFlags(cudaEventDisableTiming) = %d; "
           "cudaEventRecord = %d; cudaStreamWaitEvent = %d; last error %d; launch errors %u\n",
           c[0], c[1], c[2], c[3], c[4], c[5], errors);
    printf("cudaEventCreateWithFlags(0) = %d, then cudaGetLastError = %d\n", c[6], c[7]);
    bool codes_ok = errors == 0;
    for (int i = 0; i < 6; ++i) codes_ok = codes_ok && c[i] == 0;
    fact("every call and launch returned cudaSuccess", codes_ok);
    fact("A, B and C ran once with all their blocks", ran(1, 2) && ran(2, 2) && ran(3, 1));
    fact("B (s1) starts after A (s1, before it) ended", after(2, 1));
    fact("C (s2, after the wait) starts after B (s1, before the record) ended", after(3, 2));
    return finish();
}
