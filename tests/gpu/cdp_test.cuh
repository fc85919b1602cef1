// cdp_test.cuh: what every CDP2 semantic test in tests/gpu shares: CHECK,
// the recording of grid spans with global atomic tickets, the host-side
// checks on them (ran, after), fact/finish for the printed facts and the
// RESULT line, the arrays of codes that device API calls return
// (unwritten_codes, take_codes), and the timing of main's launches (time_ms,
// on stderr).
//
// cdp-lower rewrites only the file it is given, never a header, so this file
// holds no device-side launch, no kernel launched from the device and no
// device-side CUDA runtime call. Each test therefore keeps, where it uses
// them, its own
//     __device__ void count_launch_error()   (calls cudaGetLastError())
//     __global__ void leaf(int id, long long cycles)   (launched from the device)
// init_spans is launched from the host only, so it stays an ordinary kernel.
// The device helpers here must not read blockIdx or gridDim either: cdp-lower
// makes those virtual only in the functions of the main file.
//
// Helpers are inline so that a test that does not use one gets no
// unused-function warning. A test may #define MAX_SPANS before including this.
#ifndef CDP_TEST_CUH
#define CDP_TEST_CUH

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
#ifndef MAX_SPANS
#define MAX_SPANS 256
#endif
#define SHORT_SPIN 20000LL    // about 10 us of clock64 cycles
#define LONG_SPIN 200000LL    // about 100 us

struct Span {
    unsigned int start, end, blocks;
};

__device__ unsigned int g_ticket;
__device__ Span g_span[MAX_SPANS];
__device__ unsigned int g_launch_errors;   // counted by each test's count_launch_error()

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

__device__ inline void spin(long long cycles)
{
    const long long t0 = clock64();
    while (clock64() - t0 < cycles) {
    }
}

__device__ inline bool is_thread0()
{
    return threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0;
}

__device__ inline void grid_begin(int id)
{
    if (is_thread0()) {
        const unsigned int t = atomicAdd(&g_ticket, 1u);
        atomicMin(&g_span[id].start, t);
    }
}

__device__ inline void grid_end(int id)
{
    __syncthreads();
    if (is_thread0()) {
        __threadfence();
        const unsigned int t = atomicAdd(&g_ticket, 1u);
        atomicMax(&g_span[id].end, t);
        atomicAdd(&g_span[id].blocks, 1u);
    }
}

// ---- host side ----
static Span h_span[MAX_SPANS];
static int g_failures = 0;

static inline void init_host_spans()
{
    // A host launch, hidden from device-side passes: cdp-lower's device-side
    // parse reports every `<<<` in a header as a device-side launch. Host
    // code is compiled only where __CUDA_ARCH__ is not defined anyway.
#ifndef __CUDA_ARCH__
    init_spans<<<(MAX_SPANS + 255) / 256, 256>>>();
#endif
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
}

static inline unsigned int read_spans()
{
    unsigned int errors = 0;
    CHECK(cudaMemcpyFromSymbol(h_span, g_span, sizeof h_span));
    CHECK(cudaMemcpyFromSymbol(&errors, g_launch_errors, sizeof errors));
    return errors;
}

// Grid `id` ran with exactly `blocks` blocks, each of which started and ended.
static inline bool ran(int id, unsigned int blocks)
{
    const Span &s = h_span[id];
    return s.blocks == blocks && s.start != 0xffffffffu && s.end != 0u && s.start < s.end;
}

// Every block of grid `later` started after every block of grid `earlier` ended.
static inline bool after(int later, int earlier)
{
    return h_span[later].start > h_span[earlier].end;
}

static inline void fact(const char *what, bool ok)
{
    printf("%s: %s\n", what, ok ? "ok" : "FAILED");
    if (!ok) ++g_failures;
}

static inline int finish()
{
    printf("RESULT: %s\n", g_failures == 0 ? "PASS" : "FAIL");
    return g_failures == 0 ? 0 : 1;
}

// ---- codes: what a test's device API calls returned, one int each ----
// A device array of `count` codes, each -1 (every bit set) until a call's
// result is stored there: a code that no call wrote shows.
static inline int *unwritten_codes(size_t count)
{
    int *codes = nullptr;
    CHECK(cudaMalloc(&codes, count * sizeof(int)));
    CHECK(cudaMemset(codes, 0xff, count * sizeof(int)));
    return codes;
}

// Copies the codes into `host` and frees the device array.
template <size_t N> static inline void take_codes(int (&host)[N], int *codes)
{
    CHECK(cudaMemcpy(host, codes, sizeof host, cudaMemcpyDeviceToHost));
    CHECK(cudaFree(codes));
}

// ---- timing of main's launches: time_ms goes to stderr, stdout has only facts ----
//     const Timer timer = timer_start();
//     kernel<<<...>>>(...);
//     CHECK(cudaGetLastError());
//     timer_stop(timer);
struct Timer {
    cudaEvent_t t0, t1;
};

// Creates both events and records the first one in `stream`.
static inline Timer timer_start(cudaStream_t stream = 0)
{
    Timer timer;
    CHECK(cudaEventCreate(&timer.t0));
    CHECK(cudaEventCreate(&timer.t1));
    CHECK(cudaEventRecord(timer.t0, stream));
    return timer;
}

// Prints the time between the two recorded events.
static inline void timer_print(const Timer &timer)
{
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, timer.t0, timer.t1));
    fprintf(stderr, "time_ms: %.3f\n", ms);
}

// Records the second event in the legacy default stream, waits for the
// device, prints the time.
static inline void timer_stop(const Timer &timer)
{
    CHECK(cudaEventRecord(timer.t1));
    CHECK(cudaDeviceSynchronize());
    timer_print(timer);
}

#endif  // CDP_TEST_CUH
