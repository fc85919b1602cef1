// successors_see_writes_of_every_thread.cu: CDP2 semantic test for cdp-lower (see the rule below).
// Prints only schedule-independent facts.
// Build: nvcc -rdc=true -arch=sm_90 -O2 successors_see_writes_of_every_thread.cu -o successors_see_writes_of_every_thread -lcudadevrt
#include "cdp_test.cuh"

__device__ void count_launch_error()
{
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
}

// Rules 6 and 8: a grid that starts after another grid is complete (its
// successor in a NULL stream, or its parent's tail launch) sees the global
// writes of every thread of that grid, not only those of the thread that
// finished last: here of 1024-thread blocks whose odd warps write and leave
// at once while the even ones go on for a while. Two forms, each its own
// host launch:
// - many-block producers and consumers in the NULL streams of a parent's
//   blocks, and the parent's tail checking the parent's own writes (lowered:
//   successors run in later waves);
// - a kernel that launches itself: 64 fire-and-forget one-block children,
//   then a tail that checks all their writes (lowered: the tail goes on in
//   the block of whichever child completed last, in the same launch as
//   other children, so their writes cross multiprocessors; each block
//   counts its threads out with a block-scope atomic and fences for the GPU
//   once, in the last thread: rt/include/cdpl_entry.cuh).
#define PARENT_BLOCKS 16
#define THREADS 1024
#define PARENT_TOTAL (PARENT_BLOCKS * THREADS)
#define PRODUCER_BLOCKS 8
#define SEGMENT (PRODUCER_BLOCKS * THREADS)   // elements of one parent block's producers
#define ROUNDS 4                              // producer/consumer pairs per parent block
#define EVEN_WARP_SPIN 20000LL
#define LIVE_CHILDREN 64
#define LIVE_TOTAL (LIVE_CHILDREN * THREADS)
#define LIVE_ROUND 7

__device__ unsigned int g_round_ok, g_round_bad;   // consumers' checks of their producer
__device__ unsigned int g_tail_ok, g_tail_bad;     // the tail's checks of the parent
__device__ unsigned int g_live_ok, g_live_bad;     // the self-launched tail's checks of the children

__host__ __device__ unsigned int produced_value(unsigned int i, int round) { return i * 2654435761u + round; }
__host__ __device__ unsigned int parent_value(unsigned int i) { return i ^ 0x5bd1e995u; }

// The last thing a writing thread does: odd warps write at once, even warps
// spin first, so the block's last thread to leave is never one of the first
// writers.
__device__ void write_then_leave(unsigned int *at, unsigned int value)
{
    if ((threadIdx.x / 32) % 2 == 0) spin(EVEN_WARP_SPIN);
    *at = value;
}

__global__ void producer(unsigned int *segment, int round)
{
    const unsigned int i = blockIdx.x * THREADS + threadIdx.x;
    write_then_leave(&segment[i], produced_value(i, round));
}

__global__ void consumer(const unsigned int *segment, int round)
{
    const unsigned int i = blockIdx.x * THREADS + threadIdx.x;
    if (segment[i] == produced_value(i, round)) atomicAdd(&g_round_ok, 1u);
    else atomicAdd(&g_round_bad, 1u);
}

__global__ void check_parent(const unsigned int *parent_data)
{
    const unsigned int i = blockIdx.x * THREADS + threadIdx.x;
    if (parent_data[i] == parent_value(i)) atomicAdd(&g_tail_ok, 1u);
    else atomicAdd(&g_tail_bad, 1u);
}

__global__ void parent(unsigned int *parent_data, unsigned int *produced)
{
    const unsigned int i = blockIdx.x * THREADS + threadIdx.x;
    if (threadIdx.x == 0) {
        unsigned int *segment = produced + (size_t)blockIdx.x * SEGMENT;
        for (int round = 0; round < ROUNDS; ++round) {
            producer<<<PRODUCER_BLOCKS, THREADS>>>(segment, round);
            count_launch_error();
            consumer<<<PRODUCER_BLOCKS, THREADS>>>(segment, round);
            count_launch_error();
        }
        if (blockIdx.x == 0) {
            check_parent<<<PARENT_BLOCKS, THREADS, 0, cudaStreamTailLaunch>>>(parent_data);
            count_launch_error();
        }
    }
    write_then_leave(&parent_data[i], parent_value(i));
}

enum NodeRole { ROLE_ROOT, ROLE_CHILD, ROLE_CHECK };

__global__ void node(unsigned int *children_data, int role, int child)
{
    if (role == ROLE_ROOT) {
        if (threadIdx.x == 0) {
            for (int c = 0; c < LIVE_CHILDREN; ++c) {
                node<<<1, THREADS, 0, cudaStreamFireAndForget>>>(children_data, ROLE_CHILD, c);
                count_launch_error();
            }
            node<<<1, THREADS, 0, cudaStreamTailLaunch>>>(children_data, ROLE_CHECK, 0);
            count_launch_error();
        }
        return;
    }
    if (role == ROLE_CHILD) {
        const unsigned int i = child * THREADS + threadIdx.x;
        write_then_leave(&children_data[i], produced_value(i, LIVE_ROUND));
        return;
    }
    for (unsigned int i = threadIdx.x; i < LIVE_TOTAL; i += THREADS) {
        if (children_data[i] == produced_value(i, LIVE_ROUND)) atomicAdd(&g_live_ok, 1u);
        else atomicAdd(&g_live_bad, 1u);
    }
}

int main()
{
    init_host_spans();
    unsigned int *d_parent = nullptr, *d_produced = nullptr, *d_children = nullptr;
    CHECK(cudaMalloc(&d_parent, PARENT_TOTAL * sizeof(unsigned int)));
    CHECK(cudaMalloc(&d_produced, (size_t)PARENT_BLOCKS * SEGMENT * sizeof(unsigned int)));
    CHECK(cudaMemset(d_parent, 0, PARENT_TOTAL * sizeof(unsigned int)));
    CHECK(cudaMemset(d_produced, 0, (size_t)PARENT_BLOCKS * SEGMENT * sizeof(unsigned int)));
    CHECK(cudaMalloc(&d_children, LIVE_TOTAL * sizeof(unsigned int)));
    CHECK(cudaMemset(d_children, 0, LIVE_TOTAL * sizeof(unsigned int)));
    CHECK(cudaDeviceSynchronize());

    const Timer timer = timer_start();
    parent<<<PARENT_BLOCKS, THREADS>>>(d_parent, d_produced);
    CHECK(cudaGetLastError());
    node<<<1, THREADS>>>(d_children, ROLE_ROOT, 0);
    CHECK(cudaGetLastError());
    timer_stop(timer);

    const unsigned int errors = read_spans();
    unsigned int round_ok = 0, round_bad = 0, tail_ok = 0, tail_bad = 0;
    CHECK(cudaMemcpyFromSymbol(&round_ok, g_round_ok, sizeof round_ok));
    CHECK(cudaMemcpyFromSymbol(&round_bad, g_round_bad, sizeof round_bad));
    CHECK(cudaMemcpyFromSymbol(&tail_ok, g_tail_ok, sizeof tail_ok));
    CHECK(cudaMemcpyFromSymbol(&tail_bad, g_tail_bad, sizeof tail_bad));
    unsigned int live_ok = 0, live_bad = 0;
    CHECK(cudaMemcpyFromSymbol(&live_ok, g_live_ok, sizeof live_ok));
    CHECK(cudaMemcpyFromSymbol(&live_bad, g_live_bad, sizeof live_bad));

    const unsigned int round_checks = PARENT_BLOCKS * ROUNDS * SEGMENT;
    printf("successors see writes of every thread: %d parent blocks of %d threads, %d rounds of "
           "%d-block producers\n", PARENT_BLOCKS, THREADS, ROUNDS, PRODUCER_BLOCKS);
    printf("device launch errors: %u\n", errors);
    printf("NULL-stream successors: %u checks saw the producer's write, %u did not\n", round_ok,
           round_bad);
    printf("tail launch: %u checks saw the parent's write, %u did not\n", tail_ok, tail_bad);
    printf("self-launched tail: %u checks saw a child's write, %u did not\n", live_ok, live_bad);
    fact("device launches succeeded", errors == 0);
    fact("NULL-stream successor sees every thread's writes", round_ok == round_checks && round_bad == 0);
    fact("tail launch sees every thread's writes of its parent", tail_ok == PARENT_TOTAL && tail_bad == 0);
    fact("tail launch sees every thread's writes of its parent's children", live_ok == LIVE_TOTAL && live_bad == 0);
    CHECK(cudaFree(d_parent));
    CHECK(cudaFree(d_produced));
    CHECK(cudaFree(d_children));
    return finish();
}
