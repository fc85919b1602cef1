// named_stream_shared_across_blocks.cu: CDP2 semantic test for cdp-lower (see the rule below).
// Prints only schedule-independent facts; the order of grids is recorded
// with global atomic tickets and only orders that CDP2 guarantees are checked.
// Build: nvcc -rdc=true -arch=sm_90 -O2 named_stream_shared_across_blocks.cu -o named_stream_shared_across_blocks -lcudadevrt
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

// Rule 7: a named stream is shared by all threads of the grid that created
// it, across its blocks. Block 0 thread 0 creates the stream and publishes the
// handle in global memory; thread 0 of every other block waits for it (the
// grid has 4 blocks of 32 threads, all co-resident) and launches into it, as
// does block 0 itself, twice. Launches into one stream are serialized: the
// children's intervals must be disjoint, whichever order they came in.
// Block 0 destroys the stream after every block has launched.
#define NBLOCKS 4
#define NCHILDREN (NBLOCKS + 1)
#define ID_CHILD(i) (1 + (i))        // i = block, and NBLOCKS for block 0's second launch
#define ID_GRANDCHILD(i) (10 + (i))  // each child's NULL-stream child
#define WAIT_TIMEOUT 4000000000LL    // about 2 s of clock64 cycles: a lost handle fails, not hangs

__device__ cudaStream_t g_stream;
__device__ int g_published;
__device__ unsigned int g_launched;
__device__ unsigned int g_api_errors;
__device__ unsigned int g_wait_timeouts;

__global__ void node_null(int id, int child_id)
{
    grid_begin(id);
    if (is_thread0() && blockIdx.x == 0) {
        leaf<<<1, 32>>>(child_id, SHORT_SPIN);
        count_launch_error();
    }
    spin(SHORT_SPIN);
    grid_end(id);
}

__device__ bool wait_until(volatile int *flag_int, volatile unsigned int *count, unsigned int want)
{
    const long long t0 = clock64();
    while (flag_int ? *flag_int == 0 : *count < want) {
        if (clock64() - t0 > WAIT_TIMEOUT) {
            atomicAdd(&g_wait_timeouts, 1u);
            return false;
        }
    }
    __threadfence();
    return true;
}

__global__ void parent()
{
    grid_begin(0);
    const int b = blockIdx.x;
    if (threadIdx.x == 0) {
        cudaStream_t s;
        if (b == 0) {
            if (cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) != cudaSuccess)
                atomicAdd(&g_api_errors, 1u);
            *(volatile cudaStream_t *)&g_stream = s;
            __threadfence();
            *(volatile int *)&g_published = 1;
            node_null<<<2, 32, 0, s>>>(ID_CHILD(0), ID_GRANDCHILD(0));
            count_launch_error();
            node_null<<<2, 32, 0, s>>>(ID_CHILD(NBLOCKS), ID_GRANDCHILD(NBLOCKS));
            count_launch_error();
            atomicAdd(&g_launched, 1u);
            if (wait_until(nullptr, &g_launched, NBLOCKS)) {
                if (cudaStreamDestroy(s) != cudaSuccess) atomicAdd(&g_api_errors, 1u);
            }
        } else if (wait_until(&g_published, nullptr, 0)) {
            s = *(volatile cudaStream_t *)&g_stream;
            node_null<<<2, 32, 0, s>>>(ID_CHILD(b), ID_GRANDCHILD(b));
            count_launch_error();
            __threadfence();
            atomicAdd(&g_launched, 1u);
        }
    }
    spin(SHORT_SPIN);
    grid_end(0);
}

int main()
{
    init_host_spans();
    const Timer timer = timer_start();
    parent<<<NBLOCKS, 32>>>();
    CHECK(cudaGetLastError());
    timer_stop(timer);

    const unsigned int errors = read_spans();
    unsigned int api_errors = 0, timeouts = 0;
    CHECK(cudaMemcpyFromSymbol(&api_errors, g_api_errors, sizeof api_errors));
    CHECK(cudaMemcpyFromSymbol(&timeouts, g_wait_timeouts, sizeof timeouts));
    bool all_ran = ran(0, NBLOCKS), disjoint = true;
    for (int i = 0; i < NCHILDREN; ++i) {
        all_ran = all_ran && ran(ID_CHILD(i), 2) && ran(ID_GRANDCHILD(i), 1);
        for (int j = 0; j < NCHILDREN; ++j) {
            if (i == j) continue;
            // Child j (and its grandchild) entirely before or entirely after child i.
            const bool j_first = after(ID_CHILD(i), ID_CHILD(j)) && after(ID_CHILD(i), ID_GRANDCHILD(j));
            const bool i_first = after(ID_CHILD(j), ID_CHILD(i)) && after(ID_CHILD(j), ID_GRANDCHILD(i));
            disjoint = disjoint && (j_first || i_first);
        }
    }
    printf("named stream shared across blocks: block 0 creates it and publishes the handle; "
           "%d blocks launch into it (block 0 twice), each child with a grandchild\n", NBLOCKS);
    printf("device launch errors: %u, stream create/destroy errors: %u, waits timed out: %u\n",
           errors, api_errors, timeouts);
    fact("device launches and stream calls succeeded", errors == 0 && api_errors == 0);
    fact("every block got the handle", timeouts == 0);
    fact("every child and grandchild ran once with all its blocks", all_ran);
    fact("the children never overlap (each with its grandchild)", disjoint);
    fact("block 0's second child starts after its first", after(ID_CHILD(NBLOCKS), ID_CHILD(0)) &&
                                                          after(ID_CHILD(NBLOCKS), ID_GRANDCHILD(0)));
    return finish();
}
