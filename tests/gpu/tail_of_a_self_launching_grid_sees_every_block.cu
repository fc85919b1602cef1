// tail_of_a_self_launching_grid_sees_every_block.cu: CDP2 semantic test for cdp-lower.
// Prints only schedule-independent facts.
// Build: nvcc -rdc=true -arch=sm_90 -O2 tail_of_a_self_launching_grid_sees_every_block.cu -o t -lcudadevrt
//
// Rule 8: a tail launch starts after every block of its parent grid is done
// and sees every thread's writes. Here the parent is a grid of many blocks
// of a kernel whose only launch is a one-block tail launch of itself, so
// the lowering runs it live, and its tail is ready as soon as the parent's
// last block leaves: that block keeps it and goes on with it in the same
// launch (rt/include/cdpl_completion.cuh), instead of leaving it to the
// next wave. The tail must still see the writes of the other blocks, made
// on other multiprocessors, by threads that are not the last to leave
// (odd warps write at once, even warps spin first). Two host launches, so
// that the tail runs both in a first, unplanned wave and in a later one.
#include "cdp_test.cuh"

#define WIDE_BLOCKS 96
#define THREADS 256
#define WIDE_TOTAL (WIDE_BLOCKS * THREADS)
#define EVEN_WARP_SPIN 20000LL

__device__ unsigned int g_seen_ok, g_seen_bad, g_tails;

__host__ __device__ unsigned int written_value(unsigned int i, unsigned int round)
{
    return (i + round) * 2654435761u;
}

enum Role { ROLE_WIDE, ROLE_CHECK };

__global__ void wide(unsigned int *data, int role, unsigned int round)
{
    if (role == ROLE_CHECK) {
        if (threadIdx.x == 0) atomicAdd(&g_tails, 1u);
        for (unsigned int i = threadIdx.x; i < WIDE_TOTAL; i += blockDim.x) {
            if (data[i] == written_value(i, round)) atomicAdd(&g_seen_ok, 1u);
            else atomicAdd(&g_seen_bad, 1u);
        }
        return;
    }
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        wide<<<1, THREADS, 0, cudaStreamTailLaunch>>>(data, ROLE_CHECK, round);
        if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
    }
    if ((threadIdx.x / 32) % 2 == 0) spin(EVEN_WARP_SPIN);
    data[blockIdx.x * THREADS + threadIdx.x] = written_value(blockIdx.x * THREADS + threadIdx.x, round);
}

int main()
{
    init_host_spans();
    unsigned int *d_data = nullptr;
    CHECK(cudaMalloc(&d_data, WIDE_TOTAL * sizeof(unsigned int)));
    CHECK(cudaMemset(d_data, 0, WIDE_TOTAL * sizeof(unsigned int)));
    CHECK(cudaDeviceSynchronize());

    const Timer timer = timer_start();
    for (unsigned int round = 1; round <= 2; ++round) {
        wide<<<WIDE_BLOCKS, THREADS>>>(d_data, ROLE_WIDE, round);
        CHECK(cudaGetLastError());
    }
    timer_stop(timer);

    const unsigned int errors = read_spans();
    unsigned int seen_ok = 0, seen_bad = 0, tails = 0;
    CHECK(cudaMemcpyFromSymbol(&seen_ok, g_seen_ok, sizeof seen_ok));
    CHECK(cudaMemcpyFromSymbol(&seen_bad, g_seen_bad, sizeof seen_bad));
    CHECK(cudaMemcpyFromSymbol(&tails, g_tails, sizeof tails));
    printf("tail of a self-launching grid: 2 host launches of %d blocks of %d threads\n", WIDE_BLOCKS, THREADS);
    printf("device launch errors: %u\n", errors);
    printf("tails run: %u\n", tails);
    printf("tail checks: %u saw the parent's write, %u did not\n", seen_ok, seen_bad);
    fact("device launches succeeded", errors == 0);
    fact("each tail ran once", tails == 2);
    fact("the tail sees every block's writes of its parent", seen_ok == 2 * WIDE_TOTAL && seen_bad == 0);
    CHECK(cudaFree(d_data));
    return finish();
}
