// host_stream_order.cu: CDP2 semantic test for cdp-lower (see the rule below).
// Prints only schedule-independent facts; the order of grids is recorded
// with global atomic tickets and only orders that CDP2 guarantees are checked.
// Build: nvcc -rdc=true -arch=sm_90 -O2 host_stream_order.cu -o host_stream_order -lcudadevrt
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

// Rule 12: a host launch into a stream starts only after the previous grid in
// that stream is complete: its whole device-launched tree (NULL-stream and
// fire-and-forget children with grandchildren) and its tail launch (with its
// child) included. Checked for two CDP parents in a created stream followed
// by an ordinary kernel, and for two CDP parents in the legacy default stream.
#define NBLOCKS 4
#define IDS_PER_ROUND 16
#define RID(r, k) ((r) * IDS_PER_ROUND + (k))
#define K_PARENT 0
#define K_TAIL 1
#define K_TAILC 2
#define K_STAMP 3                       // ordinary kernel, round 2 only
#define K_N(b) (4 + (b) * 3 + 0)        // NULL-stream child of block b
#define K_NG(b) (4 + (b) * 3 + 1)       // its grandchild
#define K_F(b) (4 + (b) * 3 + 2)        // fire-and-forget child of block b
#define NROUNDS 5                       // 0, 1: CDP in s; 2: ordinary in s; 3, 4: CDP in stream 0

__global__ void node_null(int id, int child_id)
{
    grid_begin(id);
    if (is_thread0() && blockIdx.x == 0) {
        leaf<<<2, 32>>>(child_id, LONG_SPIN);
        count_launch_error();
    }
    spin(SHORT_SPIN);
    grid_end(id);
}

__global__ void parent(int r)
{
    grid_begin(RID(r, K_PARENT));
    const int b = blockIdx.x;
    if (threadIdx.x == 0) {
        node_null<<<2, 32>>>(RID(r, K_N(b)), RID(r, K_NG(b)));
        count_launch_error();
    }
    if (threadIdx.x == 1) {
        leaf<<<2, 32, 0, cudaStreamFireAndForget>>>(RID(r, K_F(b)), LONG_SPIN);
        count_launch_error();
    }
    if (b == 1 && threadIdx.x == 2) {
        node_null<<<1, 32, 0, cudaStreamTailLaunch>>>(RID(r, K_TAIL), RID(r, K_TAILC));
        count_launch_error();
    }
    spin(SHORT_SPIN);
    grid_end(RID(r, K_PARENT));
}

__global__ void stamp(int id)
{
    grid_begin(id);
    grid_end(id);
}

static int tree_ids(int r, int *ids)
{
    int n = 0;
    ids[n++] = RID(r, K_PARENT);
    ids[n++] = RID(r, K_TAIL);
    ids[n++] = RID(r, K_TAILC);
    for (int b = 0; b < NBLOCKS; ++b) {
        ids[n++] = RID(r, K_N(b));
        ids[n++] = RID(r, K_NG(b));
        ids[n++] = RID(r, K_F(b));
    }
    return n;
}

static bool tree_ran(int r)
{
    bool ok = ran(RID(r, K_PARENT), NBLOCKS) && ran(RID(r, K_TAIL), 1) && ran(RID(r, K_TAILC), 2);
    for (int b = 0; b < NBLOCKS; ++b)
        ok = ok && ran(RID(r, K_N(b)), 2) && ran(RID(r, K_NG(b)), 2) && ran(RID(r, K_F(b)), 2);
    return ok;
}

// Every grid of round `later` started after every grid of round `earlier` ended.
static bool round_after(int later, int earlier)
{
    int a[64], e[64];
    const int na = later == 2 ? (a[0] = RID(2, K_STAMP), 1) : tree_ids(later, a);
    const int ne = tree_ids(earlier, e);
    bool ok = true;
    for (int i = 0; i < na; ++i)
        for (int j = 0; j < ne; ++j) ok = ok && after(a[i], e[j]);
    return ok;
}

int main()
{
    init_host_spans();
    cudaStream_t s;
    CHECK(cudaStreamCreate(&s));
    cudaEvent_t t0, t1;
    CHECK(cudaEventCreate(&t0));
    CHECK(cudaEventCreate(&t1));
    CHECK(cudaEventRecord(t0, s));
    parent<<<NBLOCKS, 64, 0, s>>>(0);
    CHECK(cudaGetLastError());
    parent<<<NBLOCKS, 64, 0, s>>>(1);
    CHECK(cudaGetLastError());
    stamp<<<1, 32, 0, s>>>(RID(2, K_STAMP));
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(t1, s));
    CHECK(cudaStreamSynchronize(s));
    parent<<<NBLOCKS, 64>>>(3);
    CHECK(cudaGetLastError());
    parent<<<NBLOCKS, 64>>>(4);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, t0, t1));
    fprintf(stderr, "time_ms: %.3f\n", ms);

    const unsigned int errors = read_spans();
    printf("host stream order: CDP trees of %d blocks (NULL child + grandchild, fire-and-forget "
           "child, tail + tail child)\n", NBLOCKS);
    printf("device launch errors: %u\n", errors);
    fact("device launches succeeded", errors == 0);
    fact("every grid of every tree ran once with all its blocks",
         tree_ran(0) && tree_ran(1) && tree_ran(3) && tree_ran(4) && ran(RID(2, K_STAMP), 1));
    fact("created stream: second CDP tree starts after the first tree completed", round_after(1, 0));
    fact("created stream: ordinary kernel starts after the second tree completed", round_after(2, 1));
    fact("default stream: second CDP tree starts after the first tree completed", round_after(4, 3));
    CHECK(cudaStreamDestroy(s));
    return finish();
}
