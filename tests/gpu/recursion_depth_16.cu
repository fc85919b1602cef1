// recursion_depth_16.cu: CDP2 semantic test for cdp-lower (see the rule below).
// Prints only schedule-independent facts; the order of grids is recorded
// with global atomic tickets and only orders that CDP2 guarantees are checked.
// Build: nvcc -rdc=true -arch=sm_90 -O2 recursion_depth_16.cu -o recursion_depth_16 -lcudadevrt
#include "cdp_test.cuh"

__device__ void count_launch_error()
{
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
}

// Rule 16 (within native limits): a kernel that recurses 16 levels below the
// host-launched grid, each level launching one child (NULL stream) and one
// tail launch. Every level runs once, depth 16 is reached, and the tail of
// level k starts only after level k and everything below it (levels k+1..16
// and their tails) is complete, which checks that completion propagates up
// the whole chain (rule 8).
#define LEVELS 16
#define ID_LEVEL(k) (k)               // k = 0 (host grid) .. LEVELS
#define ID_TAIL(k) (LEVELS + 1 + (k)) // tail launched by level k, k < LEVELS

__device__ unsigned int g_max_level;
__device__ unsigned int g_visits[LEVELS + 1];

__global__ void tail_mark(int k)
{
    grid_begin(ID_TAIL(k));
    spin(SHORT_SPIN / 4);
    grid_end(ID_TAIL(k));
}

__global__ void recurse(int level)
{
    grid_begin(ID_LEVEL(level));
    if (threadIdx.x == 0) {
        atomicMax(&g_max_level, (unsigned int)level);
        atomicAdd(&g_visits[level], 1u);
        if (level < LEVELS) {
            recurse<<<1, 32>>>(level + 1);
            count_launch_error();
            tail_mark<<<1, 32, 0, cudaStreamTailLaunch>>>(level);
            count_launch_error();
        }
    }
    spin(SHORT_SPIN / 4);
    grid_end(ID_LEVEL(level));
}

int main()
{
    init_host_spans();
    const Timer timer = timer_start();
    recurse<<<1, 32>>>(0);
    CHECK(cudaGetLastError());
    timer_stop(timer);

    const unsigned int errors = read_spans();
    unsigned int max_level = 0, visits[LEVELS + 1] = {0};
    CHECK(cudaMemcpyFromSymbol(&max_level, g_max_level, sizeof max_level));
    CHECK(cudaMemcpyFromSymbol(visits, g_visits, sizeof visits));
    bool once = true, all_ran = true, tails_after_subtree = true, tails_after_own = true;
    for (int k = 0; k <= LEVELS; ++k) {
        once = once && visits[k] == 1;
        all_ran = all_ran && ran(ID_LEVEL(k), 1);
    }
    for (int k = 0; k < LEVELS; ++k) {
        all_ran = all_ran && ran(ID_TAIL(k), 1);
        tails_after_own = tails_after_own && after(ID_TAIL(k), ID_LEVEL(k));
        for (int j = k + 1; j <= LEVELS; ++j) {
            tails_after_subtree = tails_after_subtree && after(ID_TAIL(k), ID_LEVEL(j));
            if (j < LEVELS) tails_after_subtree = tails_after_subtree && after(ID_TAIL(k), ID_TAIL(j));
        }
    }
    printf("recursion: %d device levels below the host grid, one child and one tail per level\n",
           LEVELS);
    printf("device launch errors: %u\n", errors);
    printf("deepest level reached: %u\n", max_level);
    fact("device launches succeeded", errors == 0);
    fact("depth 16 reached", max_level == LEVELS);
    fact("every level ran exactly once", once);
    fact("every level and tail grid ran with its block", all_ran);
    fact("tail of level k starts after level k ended", tails_after_own);
    fact("tail of level k starts after every deeper level and its tail", tails_after_subtree);
    return finish();
}
