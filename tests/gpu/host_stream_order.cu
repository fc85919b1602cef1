// host_stream_order.cu: CDP2 semantic test for cdp-lower (see the rule below).
// Prints only schedule-independent facts; the order of grids is recorded
// with global atomic tickets and only orders that CDP2 guarantees are checked.
// Build: nvcc -rdc=true -arch=sm_90 -O2 host_stream_order.cu -o host_stream_order -lcudadevrt
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
    const Timer timer = timer_start(s);
    parent<<<NBLOCKS, 64, 0, s>>>(0);
    CHECK(cudaGetLastError());
    parent<<<NBLOCKS, 64, 0, s>>>(1);
    CHECK(cudaGetLastError());
    stamp<<<1, 32, 0, s>>>(RID(2, K_STAMP));
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(timer.t1, s));
    CHECK(cudaStreamSynchronize(s));
    parent<<<NBLOCKS, 64>>>(3);
    CHECK(cudaGetLastError());
    parent<<<NBLOCKS, 64>>>(4);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    timer_print(timer);

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
