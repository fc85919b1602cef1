// event_on_tail_or_fire_and_forget_stream_is_invalid.cu: CDP2 semantic test for cdp-lower (see the rule below).
// Prints only schedule-independent facts; the order of grids is recorded
// with global atomic tickets and only orders that CDP2 guarantees are checked.
// Build: nvcc -rdc=true -arch=sm_90 -O2 event_on_tail_or_fire_and_forget_stream_is_invalid.cu -o event_on_tail_or_fire_and_forget_stream_is_invalid -lcudadevrt
#include "cdp_test.cuh"

// A grid that only marks its span.
__global__ void leaf(int id, long long cycles)
{
    grid_begin(id);
    spin(cycles);
    grid_end(id);
}

// Rule 11: an event may be recorded in, and waited for by, the NULL stream or
// a named stream of the grid, but not the tail stream or the fire-and-forget
// stream: cudaEventRecord(e, cudaStreamTailLaunch),
// cudaEventRecord(e, cudaStreamFireAndForget), and cudaStreamWaitEvent on
// either of them fail (the contract says cudaErrorInvalidValue, 1). The
// codes returned and what cudaGetLastError() reports after each call are
// printed as measured natively. The event stays usable afterwards: recording
// it in a named stream and waiting for it in another one succeeds, and a grid
// launched after the wait starts after the grid recorded before it.
#define ID_A 1    // into s1 before the valid record
#define ID_B 2    // into s2 after the valid wait
#define NCODES 16

__global__ void parent(int *codes)
{
    grid_begin(0);
    if (threadIdx.x == 0) {
        cudaEvent_t e;
        cudaStream_t s1, s2;
        codes[0] = (int)cudaEventCreateWithFlags(&e, cudaEventDisableTiming);
        codes[1] = (int)cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking);
        codes[2] = (int)cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking);
        codes[3] = (int)cudaEventRecord(e, cudaStreamTailLaunch);
        codes[4] = (int)cudaGetLastError();
        codes[5] = (int)cudaEventRecord(e, cudaStreamFireAndForget);
        codes[6] = (int)cudaGetLastError();
        codes[7] = (int)cudaStreamWaitEvent(cudaStreamTailLaunch, e, 0);
        codes[8] = (int)cudaGetLastError();
        codes[9] = (int)cudaStreamWaitEvent(cudaStreamFireAndForget, e, 0);
        codes[10] = (int)cudaGetLastError();
        // The event and the streams still work.
        leaf<<<1, 32, 0, s1>>>(ID_A, LONG_SPIN);
        codes[11] = (int)cudaGetLastError();
        codes[12] = (int)cudaEventRecord(e, s1);
        codes[13] = (int)cudaStreamWaitEvent(s2, e, 0);
        leaf<<<1, 32, 0, s2>>>(ID_B, SHORT_SPIN);
        codes[14] = (int)cudaGetLastError();
        codes[15] = (int)cudaEventDestroy(e);
        cudaStreamDestroy(s1);
        cudaStreamDestroy(s2);
    }
    grid_end(0);
}

int main()
{
    init_host_spans();
    int *d_codes = unwritten_codes(NCODES);
    CHECK(cudaDeviceSynchronize());

    const Timer timer = timer_start();
    parent<<<1, 32>>>(d_codes);
    CHECK(cudaGetLastError());
    timer_stop(timer);

    read_spans();
    int c[NCODES];
    take_codes(c, d_codes);
    printf("cudaEventCreateWithFlags = %d, cudaStreamCreateWithFlags = %d, %d\n", c[0], c[1], c[2]);
    printf("cudaEventRecord(e, cudaStreamTailLaunch) = %d, then cudaGetLastError = %d\n", c[3], c[4]);
    printf("cudaEventRecord(e, cudaStreamFireAndForget) = %d, then cudaGetLastError = %d\n", c[5],
           c[6]);
    printf("cudaStreamWaitEvent(cudaStreamTailLaunch, e, 0) = %d, then cudaGetLastError = %d\n",
           c[7], c[8]);
    printf("cudaStreamWaitEvent(cudaStreamFireAndForget, e, 0) = %d, then cudaGetLastError = %d\n",
           c[9], c[10]);
    printf("afterwards: launch A into s1 = %d, cudaEventRecord(e, s1) = %d, "
           "cudaStreamWaitEvent(s2, e, 0) = %d, launch B into s2 = %d, cudaEventDestroy = %d\n",
           c[11], c[12], c[13], c[14], c[15]);
    fact("event and streams created", c[0] == 0 && c[1] == 0 && c[2] == 0);
    fact("record on the tail stream fails", c[3] != 0);
    fact("record on the fire-and-forget stream fails", c[5] != 0);
    fact("wait on the tail stream fails", c[7] != 0);
    fact("wait on the fire-and-forget stream fails", c[9] != 0);
    fact("the event still works in named streams",
         c[11] == 0 && c[12] == 0 && c[13] == 0 && c[14] == 0 && c[15] == 0);
    fact("A and B ran once", ran(ID_A, 1) && ran(ID_B, 1));
    fact("B (after the wait) starts after A (before the record) ended", after(ID_B, ID_A));
    return finish();
}
