// record_pool_runs_out_visibly.cu: runtime test for cdp-lower, lowered only
// (native CDP2 has no record pool). CTest runs it with CDPL_RECORD_POOL=100
// and a pending-launch limit far above that, so the pool runs out first:
// a launch that finds no record must fail with an error its thread sees
// (cudaErrorLaunchPendingCountExceeded), never be dropped, and every launch
// that succeeded must run exactly once. Covers a wide fan-out and a deep
// recursion (rule 16: deeper than native's 24 levels, failing clearly where
// the runtime's own resources end).
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

#define FAN_OUT 300
#define MAX_DEPTH 500

__device__ int g_fan_code[FAN_OUT];
__device__ int g_fan_ran[FAN_OUT];
__device__ int g_depth_code[MAX_DEPTH];
__device__ int g_depth_ran[MAX_DEPTH];

__global__ void leaf(int i) { atomicAdd(&g_fan_ran[i], 1); }

__global__ void fan_out()
{
    for (int i = 0; i < FAN_OUT; ++i) {
        leaf<<<1, 1, 0, cudaStreamFireAndForget>>>(i);
        g_fan_code[i] = cudaGetLastError();
    }
}

__global__ void descend(int depth)
{
    atomicAdd(&g_depth_ran[depth], 1);
    if (depth + 1 < MAX_DEPTH) {
        descend<<<1, 1>>>(depth + 1);
        g_depth_code[depth + 1] = cudaGetLastError();
    }
}

// Each launch either ran once and reported success, or never ran and
// reported the error; returns how many failed, or -1 on a violation.
static int count_failures(const char *what, const int *codes, const int *ran, int first, int count)
{
    int failures = 0;
    for (int i = first; i < count; ++i) {
        bool ok = (codes[i] == cudaSuccess && ran[i] == 1) ||
                  (codes[i] == cudaErrorLaunchPendingCountExceeded && ran[i] == 0);
        if (!ok) {
            printf("%s %d: code %d, ran %d times\n", what, i, codes[i], ran[i]);
            return -1;
        }
        failures += codes[i] != cudaSuccess;
    }
    return failures;
}

int main()
{
    if (cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 100000) != cudaSuccess) return 1;
    fan_out<<<1, 1>>>();
    cudaError_t fan_error = cudaDeviceSynchronize();
    descend<<<1, 1>>>(0);
    cudaError_t depth_error = cudaDeviceSynchronize();
    static int fan_code[FAN_OUT], fan_ran[FAN_OUT], depth_code[MAX_DEPTH], depth_ran[MAX_DEPTH];
    if (cudaMemcpyFromSymbol(fan_code, g_fan_code, sizeof fan_code) != cudaSuccess ||
        cudaMemcpyFromSymbol(fan_ran, g_fan_ran, sizeof fan_ran) != cudaSuccess ||
        cudaMemcpyFromSymbol(depth_code, g_depth_code, sizeof depth_code) != cudaSuccess ||
        cudaMemcpyFromSymbol(depth_ran, g_depth_ran, sizeof depth_ran) != cudaSuccess)
        return 1;
    printf("host synchronizations: %s, %s\n", cudaGetErrorName(fan_error), cudaGetErrorName(depth_error));
    int fan_failures = count_failures("fan-out launch", fan_code, fan_ran, 0, FAN_OUT);
    int deepest = 0;
    while (deepest + 1 < MAX_DEPTH && depth_ran[deepest + 1] == 1) ++deepest;
    /* Levels past the one whose launch failed were never attempted. */
    int attempted = deepest + 2 < MAX_DEPTH ? deepest + 2 : MAX_DEPTH;
    int depth_failures = count_failures("level", depth_code, depth_ran, 1, attempted);
    for (int level = attempted; level < MAX_DEPTH; ++level)
        if (depth_ran[level] != 0) depth_failures = -1;
    printf("fan-out: %d of %d launches failed visibly\n", fan_failures, FAN_OUT);
    printf("recursion: reached level %d; the launch of level %d failed with %d\n", deepest, deepest + 1,
           deepest + 1 < MAX_DEPTH ? depth_code[deepest + 1] : 0);
    /* One failure ends the chain. */
    bool pass = fan_error == cudaSuccess && depth_error == cudaSuccess && fan_failures > 0 &&
                depth_failures == 1 && deepest > 24;
    printf("RESULT: %s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
