// event_orders_work_across_streams.cu: CDP2 semantic test for cdp-lower (see the rule below).
// Prints only schedule-independent facts; the order of grids is recorded
// with global atomic tickets and only orders that CDP2 guarantees are checked.
// Build: nvcc -rdc=true -arch=sm_90 -O2 event_orders_work_across_streams.cu -o event_orders_work_across_streams -lcudadevrt
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                          \
    do {                                                                     \
        cudaError_t err_ = (call);                                           \
        if (err_ != cudaSuccess) {                                           \
            fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,    \
                    #call, cudaGetErrorString(err_));                        \
            printf("RESULT: FAIL\n");                                        \
            exit(1);                                                         \
        }                                                                    \
    } while (0)

// ---- order recording: every grid has an id and a span of global tickets ----
// start = smallest ticket taken by thread 0 of any of its blocks at block
// start; end = largest ticket taken by thread 0 of any block after the block's
// last __syncthreads(). "X starts after Y ends" is X.start > Y.end.
#define MAX_SPANS 256
#define SHORT_SPIN 20000LL    // about 10 us of clock64 cycles
#define LONG_SPIN 200000LL    // about 100 us

struct Span {
    unsigned int start, end, blocks;
};

__device__ unsigned int g_ticket;
__device__ Span g_span[MAX_SPANS];
__device__ unsigned int g_launch_errors;

__global__ void init_spans()
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < MAX_SPANS) {
        g_span[i].start = 0xffffffffu;
        g_span[i].end = 0u;
        g_span[i].blocks = 0u;
    }
    if (i == 0) {
        g_ticket = 1u;
        g_launch_errors = 0u;
    }
}

__device__ void spin(long long cycles)
{
    const long long t0 = clock64();
    while (clock64() - t0 < cycles) {
    }
}

__device__ bool is_thread0()
{
    return threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0;
}

__device__ void grid_begin(int id)
{
    if (is_thread0()) {
        const unsigned int t = atomicAdd(&g_ticket, 1u);
        atomicMin(&g_span[id].start, t);
    }
}

__device__ void grid_end(int id)
{
    __syncthreads();
    if (is_thread0()) {
        __threadfence();
        const unsigned int t = atomicAdd(&g_ticket, 1u);
        atomicMax(&g_span[id].end, t);
        atomicAdd(&g_span[id].blocks, 1u);
    }
}

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

static Span h_span[MAX_SPANS];
static int g_failures = 0;

static void init_host_spans()
{
    init_spans<<<(MAX_SPANS + 255) / 256, 256>>>();
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
}

static unsigned int read_spans()
{
    unsigned int errors = 0;
    CHECK(cudaMemcpyFromSymbol(h_span, g_span, sizeof h_span));
    CHECK(cudaMemcpyFromSymbol(&errors, g_launch_errors, sizeof errors));
    return errors;
}

// Grid `id` ran with exactly `blocks` blocks, each of which started and ended.
inline bool ran(int id, unsigned int blocks)
{
    const Span &s = h_span[id];
    return s.blocks == blocks && s.start != 0xffffffffu && s.end != 0u && s.start < s.end;
}

// Every block of grid `later` started after every block of grid `earlier` ended.
inline bool after(int later, int earlier)
{
    return h_span[later].start > h_span[earlier].end;
}

static void fact(const char *what, bool ok)
{
    printf("%s: %s\n", what, ok ? "ok" : "FAILED");
    if (!ok) ++g_failures;
}

static int finish()
{
    printf("RESULT: %s\n", g_failures == 0 ? "PASS" : "FAIL");
    return g_failures == 0 ? 0 : 1;
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
    int *d_codes = nullptr;
    CHECK(cudaMalloc(&d_codes, NBLOCKS * NCODES * sizeof(int)));
    CHECK(cudaMemset(d_codes, 0xff, NBLOCKS * NCODES * sizeof(int)));   // -1: not written
    CHECK(cudaDeviceSynchronize());

    cudaEvent_t t0, t1;
    CHECK(cudaEventCreate(&t0));
    CHECK(cudaEventCreate(&t1));
    CHECK(cudaEventRecord(t0));
    parent<<<NBLOCKS, 64>>>(d_codes);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(t1));
    CHECK(cudaDeviceSynchronize());
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, t0, t1));
    fprintf(stderr, "time_ms: %.3f\n", ms);

    const unsigned int errors = read_spans();
    int c[NBLOCKS * NCODES];
    CHECK(cudaMemcpy(c, d_codes, sizeof c, cudaMemcpyDeviceToHost));
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
    CHECK(cudaFree(d_codes));
    return finish();
}
