// continuation_keeps_stream_order.cu: CDP2 semantic test for cdp-lower
// (rules 6 and 7 where the lowering lets a finished block go on with a ready
// record of its own kernel). Every grid here has one-thread blocks and no
// barrier, so lowered blocks do go on: a NULL-stream chain of a one-block
// grid runs depth first in one block, and a named stream shared by the four
// blocks of a grid must still serialize children launched by blocks that
// finish at different times.
#include "cdp_test.cuh"

#define ROLE_SHARED_ROOT 0
#define ROLE_SHARED_CHILD 1
#define ROLE_CHAIN 2
#define NBLOCKS 4
#define ID_SHARED_CHILD(b) (1 + (b))   // 1..4
#define ID_CHAIN_ROOT 10               // chain ids: 10, then 2i+1, 2i+2 relative to 10
#define CHAIN_DEPTH 4                  // 15 grids
#define WAIT_TIMEOUT 4000000000LL

__device__ cudaStream_t g_stream;
__device__ int g_published;
__device__ unsigned int g_launched;
__device__ unsigned int g_api_errors;
__device__ unsigned int g_wait_timeouts;

__device__ void count_launch_error()
{
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
}

// grid_end without its barrier: these grids have one thread per block.
__device__ void single_thread_end(int id)
{
    __threadfence();
    const unsigned int t = atomicAdd(&g_ticket, 1u);
    atomicMax(&g_span[id].end, t);
    atomicAdd(&g_span[id].blocks, 1u);
}

__device__ bool wait_until(volatile int *flag, volatile unsigned int *count, unsigned int want)
{
    const long long t0 = clock64();
    while (flag ? *flag == 0 : *count < want) {
        if (clock64() - t0 > WAIT_TIMEOUT) {
            atomicAdd(&g_wait_timeouts, 1u);
            return false;
        }
    }
    __threadfence();
    return true;
}

__global__ void step(int role, int id, int depth)
{
    grid_begin(id);
    if (role == ROLE_SHARED_ROOT) {
        const int b = blockIdx.x;
        cudaStream_t s = 0;
        if (b == 0) {
            if (cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) != cudaSuccess) atomicAdd(&g_api_errors, 1u);
            *(volatile cudaStream_t *)&g_stream = s;
            __threadfence();
            *(volatile int *)&g_published = 1;
        } else if (wait_until(&g_published, nullptr, 0)) {
            s = *(volatile cudaStream_t *)&g_stream;
        }
        // Later blocks launch later: block 0's child is ready, and could be
        // complete, long before the others launch theirs behind it.
        spin(b * LONG_SPIN);
        step<<<1, 1, 0, s>>>(ROLE_SHARED_CHILD, ID_SHARED_CHILD(b), 0);
        count_launch_error();
        // Block 0 ends long before the others launch; the last one destroys.
        if (atomicAdd(&g_launched, 1u) == NBLOCKS - 1 && cudaStreamDestroy(s) != cudaSuccess)
            atomicAdd(&g_api_errors, 1u);
    } else if (role == ROLE_SHARED_CHILD) {
        spin(SHORT_SPIN);
    } else if (depth + 1 < CHAIN_DEPTH) {
        const int local = id - ID_CHAIN_ROOT;
        step<<<1, 1>>>(ROLE_CHAIN, ID_CHAIN_ROOT + 2 * local + 1, depth + 1);
        count_launch_error();
        step<<<1, 1>>>(ROLE_CHAIN, ID_CHAIN_ROOT + 2 * local + 2, depth + 1);
        count_launch_error();
    }
    single_thread_end(id);
}

// The last grid of the subtree of chain grid `local` (relative to ID_CHAIN_ROOT).
static int chain_subtree_end(int local, int depth)
{
    int end = h_span[ID_CHAIN_ROOT + local].end;
    if (depth + 1 < CHAIN_DEPTH)
        for (int c = 1; c <= 2; ++c) {
            int child_end = chain_subtree_end(2 * local + c, depth + 1);
            if (child_end > end) end = child_end;
        }
    return end;
}

static bool chain_siblings_ordered(int local, int depth)
{
    if (depth + 1 >= CHAIN_DEPTH) return true;
    int first = 2 * local + 1, second = 2 * local + 2;
    return h_span[ID_CHAIN_ROOT + second].start > (unsigned)chain_subtree_end(first, depth + 1) &&
           chain_siblings_ordered(first, depth + 1) && chain_siblings_ordered(second, depth + 1);
}

int main()
{
    init_host_spans();
    Timer timer = timer_start();
    step<<<NBLOCKS, 1>>>(ROLE_SHARED_ROOT, 0, 0);
    CHECK(cudaGetLastError());
    step<<<1, 1>>>(ROLE_CHAIN, ID_CHAIN_ROOT, 0);
    CHECK(cudaGetLastError());
    timer_stop(timer);
    unsigned int launch_errors = read_spans(), api_errors = 0, timeouts = 0;
    CHECK(cudaMemcpyFromSymbol(&api_errors, g_api_errors, sizeof api_errors));
    CHECK(cudaMemcpyFromSymbol(&timeouts, g_wait_timeouts, sizeof timeouts));

    bool shared_ran = true, disjoint = true;
    for (int b = 0; b < NBLOCKS; ++b) {
        shared_ran = shared_ran && ran(ID_SHARED_CHILD(b), 1);
        for (int o = 0; o < b; ++o)
            disjoint = disjoint && (after(ID_SHARED_CHILD(b), ID_SHARED_CHILD(o)) ||
                                    after(ID_SHARED_CHILD(o), ID_SHARED_CHILD(b)));
    }
    bool chain_ran = true;
    for (int local = 0; local < (1 << CHAIN_DEPTH) - 1; ++local) chain_ran = chain_ran && ran(ID_CHAIN_ROOT + local, 1);
    fact("no launch or API error, no wait timed out", launch_errors == 0 && api_errors == 0 && timeouts == 0);
    fact("every child of the shared named stream ran once", shared_ran);
    fact("children of the shared named stream ran one at a time", disjoint);
    fact("every grid of the NULL-stream chain ran once", chain_ran);
    fact("each second NULL-stream sibling started after its elder's subtree", chain_siblings_ordered(0, 0));
    return finish();
}
