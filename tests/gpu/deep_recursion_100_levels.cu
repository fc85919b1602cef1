// deep_recursion_100_levels.cu: CDP2 semantic test for cdp-lower (rule 16: nesting depth).
// Prints only schedule-independent facts; the order of grids is recorded
// with global atomic tickets and only orders that CDP2 guarantees are checked.
// Build: nvcc -rdc=true -arch=sm_90 -O2 deep_recursion_100_levels.cu -o deep_recursion_100_levels -lcudadevrt
#include "cdp_test.cuh"

// Rule 16, deeper than the documented native limit of 24 levels, which the
// lowering allows (docs/semantics.md says so). A kernel recurses 100 levels
// (level 0 is the host-launched grid; each level launches one child into its
// NULL stream), each level marking visited[level]. A tail launch of the root
// starts after the whole chain is complete and counts the visited levels.
// Measured natively (H100, CUDA 13.0, driver 580): this program passes there
// too, with the same output; NULL-stream chains failed only at level 2048,
// with cudaErrorLaunchPendingCountExceeded (the default pending-launch limit),
// not with a depth error at 24.
#define LEVELS 100

__device__ unsigned int g_visited[LEVELS];
__device__ unsigned int g_first_error;   // first failing launch's code, 0 if none
__device__ int g_first_error_level;
__device__ unsigned int g_counted;       // visited levels counted by the tail
__device__ unsigned int g_tail_runs;

__global__ void count_levels()
{
    grid_begin(LEVELS);
    if (threadIdx.x == 0) {
        unsigned int n = 0;
        for (int k = 0; k < LEVELS; ++k) n += g_visited[k] == 1u;
        g_counted = n;
        atomicAdd(&g_tail_runs, 1u);
    }
    grid_end(LEVELS);
}

__device__ void note_launch(int level)
{
    const cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess) {
        atomicAdd(&g_launch_errors, 1u);
        if (atomicCAS(&g_first_error, 0u, (unsigned int)e) == 0u) g_first_error_level = level;
    }
}

__global__ void recurse(int level)
{
    grid_begin(level);
    if (threadIdx.x == 0) {
        atomicAdd(&g_visited[level], 1u);
        if (level + 1 < LEVELS) {
            recurse<<<1, 32>>>(level + 1);
            note_launch(level);
        }
        if (level == 0) {
            count_levels<<<1, 32, 0, cudaStreamTailLaunch>>>();
            note_launch(level);
        }
    }
    grid_end(level);
}

int main()
{
    init_host_spans();
    const Timer timer = timer_start();
    recurse<<<1, 32>>>(0);
    CHECK(cudaGetLastError());
    timer_stop(timer);

    const unsigned int errors = read_spans();
    unsigned int visited[LEVELS], counted = 0, tail_runs = 0, first_error = 0;
    int first_error_level = 0;
    CHECK(cudaMemcpyFromSymbol(visited, g_visited, sizeof visited));
    CHECK(cudaMemcpyFromSymbol(&counted, g_counted, sizeof counted));
    CHECK(cudaMemcpyFromSymbol(&tail_runs, g_tail_runs, sizeof tail_runs));
    CHECK(cudaMemcpyFromSymbol(&first_error, g_first_error, sizeof first_error));
    CHECK(cudaMemcpyFromSymbol(&first_error_level, g_first_error_level, sizeof first_error_level));
    bool once = true, tail_after_all = ran(LEVELS, 1);
    for (int k = 0; k < LEVELS; ++k) {
        once = once && visited[k] == 1u;
        tail_after_all = tail_after_all && ran(k, 1) && after(LEVELS, k);
    }
    printf("deep recursion: %d levels, one NULL-stream child per level, a tail launch of the root "
           "counts the visited levels\n", LEVELS);
    printf("device launch errors: %u\n", errors);
    if (errors != 0)
        printf("first failing launch: at level %d, error %u (%s)\n", first_error_level,
               first_error, cudaGetErrorName((cudaError_t)first_error));
    printf("levels: %u\n", counted);
    fact("device launches succeeded", errors == 0);
    fact("the tail ran once", tail_runs == 1);
    fact("the tail counted every level", counted == LEVELS);
    fact("every level ran exactly once", once);
    fact("the tail starts after every level ended", tail_after_all);
    return finish();
}
