// event_orders_work_across_streams.cu: CDP2 semantic test for cdp-lower (see the rule below).
// Prints only schedule-independent facts; the order of grids is recorded
// with global atomic tickets and only orders that CDP2 guarantees are checked.
// Build: nvcc -rdc=true -arch=sm_90 -O2 event_orders_work_across_streams.cu -o event_orders_work_across_streams -lcudadevrt
#include "cdp_test.cuh"

__device__ void count_launch_error()
{
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
}

// A grid that only marks its span.
__global__ void leaf(int id, long long cycles)
{
    grid_begin(id);
    spin(cycles);
    grid_end(id);
}

// Rule 11: an event recorded in stream s1 and waited for in stream s2 orders
// work between the two streams of the same grid: a grid launched into s2
// after cudaStreamWaitEvent(s2, e, 0) starts only after the work launched
// into s1 before cudaEventRecord(e, s1) is complete (its children included).
// A grid launched into s2 before the wait is not ordered by the event (only
// by s2 itself: the grid launched after the wait follows it).
// Every block does this with its own streams and event; nothing is checked
// across blocks.
#define NBLOCKS 2
#define IDS_PER_BLOCK 4
#define ID_A(b) (1 + (b) * IDS_PER_BLOCK + 0)    // into s1, before the record
#define ID_A1(b) (1 + (b) * IDS_PER_BLOCK + 1)   // A's child (A's NULL stream)
#define ID_B(b) (1 + (b) * IDS_PER_BLOCK + 2)    // into s2, after the wait
#define ID_C(b) (1 + (b) * IDS_PER_BLOCK + 3)    // into s2, before the wait
#define NCODES 11                                // API return codes per block

__global__ void node_null(int id, int child_id)
{
    grid_begin(id);
    if (is_thread0() && blockIdx.x == 0) {
        leaf<<<2, 32>>>(child_id, LONG_SPIN);
        count_launch_error();
    }
    spin(LONG_SPIN);
    grid_end(id);
}

__global__ void parent(int *codes)
{
    grid_begin(0);
    const int b = blockIdx.x;
    if (threadIdx.x == 0) {
        int *c = codes + b * NCODES;
        cudaStream_t s1, s2;
        cudaEvent_t e;
        c[0] = (int)cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking);
        c[1] = (int)cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking);
        c[2] = (int)cudaEventCreateWithFlags(&e, cudaEventDisableTiming);
        node_null<<<2, 32, 0, s1>>>(ID_A(b), ID_A1(b));
        c[3] = (int)cudaGetLastError();
        leaf<<<1, 32, 0, s2>>>(ID_C(b), SHORT_SPIN);
        c[4] = (int)cudaGetLastError();
        c[5] = (int)cudaEventRecord(e, s1);
        c[6] = (int)cudaStreamWaitEvent(s2, e, 0);
        leaf<<<2, 32, 0, s2>>>(ID_B(b), SHORT_SPIN);
        c[7] = (int)cudaGetLastError();
        c[8] = (int)cudaEventDestroy(e);
        c[9] = (int)cudaStreamDestroy(s1);
        c[10] = (int)cudaStreamDestroy(s2);
    }
    spin(SHORT_SPIN);
    grid_end(0);
}

int main()
{
    init_host_spans();
    int *d_codes = unwritten_codes(NBLOCKS * NCODES);
    CHECK(cudaDeviceSynchronize());

    const Timer timer = timer_start();
    parent<<<NBLOCKS, 64>>>(d_codes);
    CHECK(cudaGetLastError());
    timer_stop(timer);

    const unsigned int errors = read_spans();
    int c[NBLOCKS * NCODES];
    take_codes(c, d_codes);
    printf("events: %d blocks, each with streams s1, s2 and event e: A(->A1) into s1, C into s2, "
           "record e in s1, s2 waits for e, B into s2\n", NBLOCKS);
    bool codes_ok = true, all_ran = ran(0, NBLOCKS), b_after_a = true, b_after_a1 = true,
         b_after_c = true;
    for (int b = 0; b < NBLOCKS; ++b) {
        const int *k = c + b * NCODES;
        printf("block %d: cudaStreamCreateWithFlags = %d, %d; cudaEventCreateWithFlags = %d; "
               "launch A = %d; launch C = %d; cudaEventRecord = %d; cudaStreamWaitEvent = %d; "
               "launch B = %d; cudaEventDestroy = %d; cudaStreamDestroy = %d, %d\n",
               b, k[0], k[1], k[2], k[3], k[4], k[5], k[6], k[7], k[8], k[9], k[10]);
        for (int i = 0; i < NCODES; ++i) codes_ok = codes_ok && k[i] == 0;
        all_ran = all_ran && ran(ID_A(b), 2) && ran(ID_A1(b), 2) && ran(ID_B(b), 2) &&
                  ran(ID_C(b), 1);
        b_after_a = b_after_a && after(ID_B(b), ID_A(b));
        b_after_a1 = b_after_a1 && after(ID_B(b), ID_A1(b));
        b_after_c = b_after_c && after(ID_B(b), ID_C(b));
    }
    printf("device launch errors in children: %u\n", errors);
    fact("every API call and launch returned cudaSuccess", codes_ok && errors == 0);
    fact("every grid ran once with all its blocks", all_ran);
    fact("B (s2, after the wait) starts after A (s1, before the record) ended", b_after_a);
    fact("B starts after A's child A1 ended", b_after_a1);
    fact("B starts after C (same stream s2, launched before it) ended", b_after_c);
    return finish();
}
