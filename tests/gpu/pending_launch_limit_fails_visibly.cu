// pending_launch_limit_fails_visibly.cu: CDP2 semantic test for cdp-lower (see the rule below).
// Prints only schedule-independent facts; the order of grids is recorded
// with global atomic tickets and only orders that CDP2 guarantees are checked.
// Build: nvcc -rdc=true -arch=sm_90 -O2 pending_launch_limit_fails_visibly.cu -o pending_launch_limit_fails_visibly -lcudadevrt
#include "cdp_test.cuh"

// Rule 14: pending device launches are bounded by
// cudaLimitDevRuntimePendingLaunchCount, set here to 64 by the host before
// the first launch. One thread launches 1000 children in a loop and checks
// cudaGetLastError() after each launch. Launches past the limit fail
// visibly, with cudaErrorLaunchPendingCountExceeded (69), and never run;
// every launch that succeeded runs exactly once.
// The children cannot finish before the loop is over: each waits for a flag
// that the parent sets after its loop (a parent's write after the launch is
// seen sooner or later natively; a lowering that runs children after their
// parent sees it at once). Children have 1024 threads, so that at most a few
// hundred can be resident at once natively: more than 64 launches are then
// pending in every schedule, and some must fail. How many fail depends on
// the schedule, so only the facts are printed.
// Case 0: fire-and-forget children; case 1: NULL-stream children (a second
// host launch of the parent, after the first is complete).
#define LIMIT 64
#define LAUNCHES 1000
#define CHILD_THREADS 1024
#define RELEASE_TIMEOUT 4000000000LL   // about 2 s of clock64 cycles

__device__ unsigned int g_ran[2];
__device__ unsigned int g_succeeded[2];
__device__ unsigned int g_failed[2];
__device__ unsigned int g_other_codes[2];   // failures with a code other than 69
__device__ int g_first_other_code[2];
__device__ int g_release[2];
__device__ unsigned int g_release_timeouts;

__global__ void child(int c)
{
    if (threadIdx.x == 0) {
        const long long t0 = clock64();
        while (*(volatile int *)&g_release[c] == 0) {
            if (clock64() - t0 > RELEASE_TIMEOUT) {
                atomicAdd(&g_release_timeouts, 1u);
                break;
            }
        }
        atomicAdd(&g_ran[c], 1u);
    }
    __syncthreads();
}

__global__ void parent(int c)
{
    if (threadIdx.x == 0) {
        unsigned int ok = 0, failed = 0, other = 0;
        int first_other = 0;
        for (int i = 0; i < LAUNCHES; ++i) {
            if (c == 0)
                child<<<1, CHILD_THREADS, 0, cudaStreamFireAndForget>>>(c);
            else
                child<<<1, CHILD_THREADS>>>(c);
            const cudaError_t e = cudaGetLastError();
            if (e == cudaSuccess) {
                ++ok;
            } else {
                ++failed;
                if (e != cudaErrorLaunchPendingCountExceeded) {
                    if (other == 0) first_other = (int)e;
                    ++other;
                }
            }
        }
        g_succeeded[c] = ok;
        g_failed[c] = failed;
        g_other_codes[c] = other;
        g_first_other_code[c] = first_other;
        __threadfence();
        *(volatile int *)&g_release[c] = 1;
        __threadfence();
    }
}

int main()
{
    // Before the first launch of the program.
    CHECK(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, LIMIT));
    size_t limit = 0;
    CHECK(cudaDeviceGetLimit(&limit, cudaLimitDevRuntimePendingLaunchCount));
    init_host_spans();

    const Timer timer = timer_start();
    parent<<<1, 32>>>(0);
    CHECK(cudaGetLastError());
    parent<<<1, 32>>>(1);
    CHECK(cudaGetLastError());
    timer_stop(timer);

    read_spans();
    unsigned int ran_[2], ok[2], failed[2], other[2], timeouts = 0;
    int first_other[2];
    CHECK(cudaMemcpyFromSymbol(ran_, g_ran, sizeof ran_));
    CHECK(cudaMemcpyFromSymbol(ok, g_succeeded, sizeof ok));
    CHECK(cudaMemcpyFromSymbol(failed, g_failed, sizeof failed));
    CHECK(cudaMemcpyFromSymbol(other, g_other_codes, sizeof other));
    CHECK(cudaMemcpyFromSymbol(first_other, g_first_other_code, sizeof first_other));
    CHECK(cudaMemcpyFromSymbol(&timeouts, g_release_timeouts, sizeof timeouts));
    for (int c = 0; c < 2; ++c)
        fprintf(stderr, "case %d: succeeded %u, failed %u, ran %u, other codes %u\n", c, ok[c],
                failed[c], ran_[c], other[c]);

    printf("pending launch limit: host cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, %d), "
           "then one thread launches %d children of %d threads that wait for the parent\n",
           LIMIT, LAUNCHES, CHILD_THREADS);
    printf("cudaDeviceGetLimit(cudaLimitDevRuntimePendingLaunchCount): %zu\n", limit);
    fact("limit reads back as set", limit == LIMIT);
    const char *names[2] = {"fire-and-forget", "NULL stream"};
    for (int c = 0; c < 2; ++c) {
        printf("%s: ran == succeeded: %s\n", names[c], ran_[c] == ok[c] ? "yes" : "no");
        printf("%s: every launch succeeded or failed: %s\n", names[c],
               ok[c] + failed[c] == LAUNCHES ? "yes" : "no");
        printf("%s: some launches failed: %s\n", names[c], failed[c] > 0 ? "yes" : "no");
        if (other[c] == 0)
            printf("%s: failure codes: 69 only\n", names[c]);
        else
            printf("%s: failure codes: not only 69 (also %d)\n", names[c], first_other[c]);
        fact("every launch that succeeded ran exactly once", ran_[c] == ok[c]);
        fact("every launch was counted", ok[c] + failed[c] == LAUNCHES);
        fact("launches past the limit failed visibly", failed[c] > 0);
        fact("every failure was cudaErrorLaunchPendingCountExceeded", other[c] == 0);
    }
    printf("children that waited in vain for the parent's flag: %u\n", timeouts);
    fact("children saw the parent's flag", timeouts == 0);
    return finish();
}
