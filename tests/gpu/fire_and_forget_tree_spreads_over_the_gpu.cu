// fire_and_forget_tree_spreads_over_the_gpu.cu: test for cdp-lower of what the
// lowering promises beyond CDP2's rules (see below).
// Prints only schedule-independent facts.
// Build: nvcc -rdc=true -arch=sm_90 -O2 fire_and_forget_tree_spreads_over_the_gpu.cu -o fire_and_forget_tree_spreads_over_the_gpu -lcudadevrt
#include "cdp_test.cuh"

#include <vector>

__device__ void count_launch_error()
{
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
}

// CDP2 promises no concurrency between fire-and-forget siblings, but runs
// them side by side where the GPU has room, and so must the lowering: a
// lowered block may hold ready children of its grid to run itself
// (docs/design.md, "Held records") only while no other block of its launch
// waits for work. A binary tree of 31 one-block grids, each spinning about
// 1 ms, is small enough that one block could hold all of it: at least 4 of
// its nodes must still run at the same time, not one after another in one
// block (a spin long enough for the levels to overlap under
// compute-sanitizer too). Every node runs exactly once.
#define DEPTH 5                          // levels: 2^5 - 1 = 31 grids
#define NODES ((1u << DEPTH) - 1u)
#define NODE_SPIN 2000000LL              // about 1 ms of clock64 cycles
#define MIN_AT_ONCE 4u

__device__ unsigned int g_visits[NODES + 1];
__device__ unsigned int g_running;
__device__ unsigned int g_most_running;

__global__ void node(unsigned int id, int depth)
{
    if (threadIdx.x == 0 && id <= NODES) {
        atomicAdd(&g_visits[id], 1u);
        atomicMax(&g_most_running, atomicAdd(&g_running, 1u) + 1u);
        spin(NODE_SPIN);
        atomicSub(&g_running, 1u);
        if (depth + 1 < DEPTH) {
            node<<<1, 32, 0, cudaStreamFireAndForget>>>(2u * id, depth + 1);
            count_launch_error();
            node<<<1, 32, 0, cudaStreamFireAndForget>>>(2u * id + 1u, depth + 1);
            count_launch_error();
        }
    }
}

int main()
{
    init_host_spans();
    const Timer timer = timer_start();
    node<<<1, 32>>>(1u, 0);
    CHECK(cudaGetLastError());
    timer_stop(timer);

    const unsigned int errors = read_spans();
    std::vector<unsigned int> visits(NODES + 1);
    unsigned int most_running = 0;
    CHECK(cudaMemcpyFromSymbol(visits.data(), g_visits, (NODES + 1) * sizeof(unsigned int)));
    CHECK(cudaMemcpyFromSymbol(&most_running, g_most_running, sizeof most_running));
    unsigned int ran_once = 0;
    for (unsigned int id = 1; id <= NODES; ++id) ran_once += visits[id] == 1u;
    fprintf(stderr, "nodes running at once: at most %u\n", most_running);

    printf("tree: %u one-block fire-and-forget grids, %d levels\n", NODES, DEPTH);
    fact("device launches succeeded", errors == 0);
    fact("every node ran exactly once", ran_once == NODES);
    fact("at least 4 nodes ran at the same time", most_running >= MIN_AT_ONCE);
    return finish();
}
