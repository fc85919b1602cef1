// fault_in_descendant_reaches_host.cu: CDP2 semantic test for cdp-lower (see the rule below).
// Prints only schedule-independent facts; the order of grids is recorded
// with global atomic tickets and only orders that CDP2 guarantees are checked.
// Build: nvcc -rdc=true -arch=sm_90 -O2 fault_in_descendant_reaches_host.cu -o fault_in_descendant_reaches_host -lcudadevrt
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
