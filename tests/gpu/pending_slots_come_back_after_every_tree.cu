// pending_slots_come_back_after_every_tree.cu: CDP2 semantic test for cdp-lower (see the rule below).
// Prints only schedule-independent facts.
// Build: nvcc -rdc=true -arch=sm_90 -O2 pending_slots_come_back_after_every_tree.cu -o pending_slots_come_back_after_every_tree -lcudadevrt
#include "cdp_test.cuh"

// Rule 14: a launch holds a pending-launch slot only until its grid begins;
// the slots of grids that have begun are free for later launches, however
// many trees ran before. The limit is set to 64 before the first launch.
// Two trees of one-block grids, DEPTH levels, each node launching two
// children from thread 0: case 0 into the fire-and-forget stream, case 1
// into the NULL stream (siblings serialized). Each tree launches 62 grids,
// fewer than the limit, so no launch of it can fail in any schedule; the
// host runs each tree RUNS times, one after another. A runtime that kept
// even one slot of a tree after it (the lowering lets a block that runs
// grids one after another keep slots of grids that began for its next
// launches) would make later trees' launches fail with
// cudaErrorLaunchPendingCountExceeded.
#define LIMIT 64
#define DEPTH 6               // levels: 63 grids, 62 device launches a tree
#define RUNS 50

__device__ unsigned int g_ran[2];
__device__ unsigned int g_succeeded[2];
__device__ unsigned int g_failed[2];

__global__ void node(int c, int depth)
{
    if (threadIdx.x == 0) {
        atomicAdd(&g_ran[c], 1u);
        if (depth + 1 < DEPTH) {
            for (int i = 0; i < 2; ++i) {
                if (c == 0)
                    node<<<1, 32, 0, cudaStreamFireAndForget>>>(c, depth + 1);
                else
                    node<<<1, 32>>>(c, depth + 1);
                if (cudaGetLastError() == cudaSuccess)
                    atomicAdd(&g_succeeded[c], 1u);
                else
                    atomicAdd(&g_failed[c], 1u);
            }
        }
    }
}

int main()
{
    // Before the first launch of the program.
    CHECK(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, LIMIT));
    init_host_spans();

    const Timer timer = timer_start();
    for (int run = 0; run < RUNS; ++run) {
        for (int c = 0; c < 2; ++c) {
            node<<<1, 32>>>(c, 0);
            CHECK(cudaGetLastError());
        }
    }
    timer_stop(timer);
    CHECK(cudaDeviceSynchronize());

    unsigned int ran_[2], ok[2], failed[2];
    CHECK(cudaMemcpyFromSymbol(ran_, g_ran, sizeof ran_));
    CHECK(cudaMemcpyFromSymbol(ok, g_succeeded, sizeof ok));
    CHECK(cudaMemcpyFromSymbol(failed, g_failed, sizeof failed));
    const unsigned int grids = (1u << DEPTH) - 1u;
    printf("pending slots: limit %d, trees of %u one-block grids (%u device launches), %d runs of each\n", LIMIT,
           grids, grids - 1u, RUNS);
    const char *names[2] = {"fire-and-forget", "NULL stream"};
    for (int c = 0; c < 2; ++c) {
        fprintf(stderr, "case %d: ran %u, succeeded %u, failed %u\n", c, ran_[c], ok[c], failed[c]);
        printf("%s: launches that failed: %u\n", names[c], failed[c]);
        printf("%s: grids that ran: %u of %u\n", names[c], ran_[c], RUNS * grids);
        fact("no launch of a tree smaller than the limit failed", failed[c] == 0);
        fact("every grid of every tree ran once", ran_[c] == RUNS * grids && ok[c] == RUNS * (grids - 1u));
    }
    return finish();
}
