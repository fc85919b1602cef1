// device_get_limit_answers_what_the_host_set.cu: CDP2 semantic test for
// cdp-lower (rule 17: cudaDeviceGetLimit and cudaDeviceGetCacheConfig in
// device code answer what the host's calls answer at the time of the launch:
// every cudaLimit, an unknown one, the cache preference and the shared
// memory bank size (cudaDeviceGetSharedMemConfig); in a kernel
// launched from the device and in one launched from the host, before and
// after the host changes a limit and the preference between two launches).
#include "cdp_test.cuh"

// cudaDeviceGetSharedMemConfig is deprecated on the host since CUDA 12.3, and
// nvcc's front end warns at the device's call too.
#ifdef __NVCC__
#pragma nv_diag_suppress 1215
#endif

#define NLIMITS 7          // cudaLimitStackSize .. cudaLimitPersistingL2CacheSize
#define NQUERIES 10        // the limits, an unknown limit, the cache preference, the bank size
#define UNKNOWN_LIMIT 99
#define ROUNDS 2

struct Answers {
    int codes[NQUERIES];
    unsigned long long values[NQUERIES];
    int last_error;
};

__device__ Answers g_answers[ROUNDS][2];

__device__ void ask(Answers *answers)
{
    for (int q = 0; q <= NLIMITS; ++q) {
        size_t value = 12345;
        answers->codes[q] = cudaDeviceGetLimit(&value, (cudaLimit)(q < NLIMITS ? q : UNKNOWN_LIMIT));
        answers->values[q] = value;
    }
    cudaFuncCache preference = cudaFuncCachePreferNone;
    answers->codes[NLIMITS + 1] = cudaDeviceGetCacheConfig(&preference);
    answers->values[NLIMITS + 1] = preference;
    cudaSharedMemConfig banks = cudaSharedMemBankSizeDefault;
    answers->codes[NLIMITS + 2] = cudaDeviceGetSharedMemConfig(&banks);
    answers->values[NLIMITS + 2] = banks;
    answers->last_error = cudaGetLastError();
}

__global__ void child(int round) { ask(&g_answers[round][0]); }

__global__ void parent(int round) { child<<<1, 1>>>(round); }

__global__ void plain(int round) { ask(&g_answers[round][1]); }

// What the host answers now, in the same form. The two queries that fail
// are not asked: the host answers them with these codes too (H100, CUDA
// 13.0), and a failed call is an error for compute-sanitizer.
static Answers host_answers()
{
    Answers answers = {};
    for (int q = 0; q <= NLIMITS; ++q) {
        size_t value = 12345;
        if (q == cudaLimitDevRuntimeSyncDepth)
            answers.codes[q] = cudaErrorUnsupportedLimit;  // CDP2 has no device-side synchronization
        else if (q == NLIMITS)
            answers.codes[q] = cudaErrorInvalidValue;      // the unknown limit
        else
            answers.codes[q] = cudaDeviceGetLimit(&value, (cudaLimit)q);
        answers.values[q] = value;
    }
    cudaFuncCache preference = cudaFuncCachePreferNone;
    answers.codes[NLIMITS + 1] = cudaDeviceGetCacheConfig(&preference);
    answers.values[NLIMITS + 1] = preference;
    cudaSharedMemConfig banks = cudaSharedMemBankSizeDefault;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    answers.codes[NLIMITS + 2] = cudaDeviceGetSharedMemConfig(&banks);
#pragma GCC diagnostic pop
    answers.values[NLIMITS + 2] = banks;
    return answers;
}

int main()
{
    CHECK(cudaDeviceSetLimit(cudaLimitStackSize, 2048));
    CHECK(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 32u << 20));
    CHECK(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 4096));
    CHECK(cudaDeviceSetCacheConfig(cudaFuncCachePreferShared));
    Answers host[ROUNDS];
    Timer timer = timer_start();
    for (int round = 0; round < ROUNDS; ++round) {
        if (round == 1) {
            CHECK(cudaDeviceSetLimit(cudaLimitStackSize, 4096));
            CHECK(cudaDeviceSetCacheConfig(cudaFuncCachePreferL1));
        }
        host[round] = host_answers();
        parent<<<1, 1>>>(round);
        CHECK(cudaGetLastError());
        plain<<<1, 1>>>(round);
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
    }
    timer_stop(timer);
    Answers device[ROUNDS][2];
    CHECK(cudaMemcpyFromSymbol(device, g_answers, sizeof device));
    const char *where[] = {"kernel launched from the device", "kernel launched from the host"};
    for (int round = 0; round < ROUNDS; ++round) {
        printf("round %d: host codes", round);
        for (int q = 0; q < NQUERIES; ++q) printf(" %d", host[round].codes[q]);
        printf("; stack %llu, heap %llu MiB, pending %llu, cache preference %llu, bank size %llu\n",
               host[round].values[0], host[round].values[2] >> 20, host[round].values[4],
               host[round].values[NLIMITS + 1], host[round].values[NLIMITS + 2]);
        for (int k = 0; k < 2; ++k) {
            const Answers &d = device[round][k];
            printf("round %d, %s: codes", round, where[k]);
            for (int q = 0; q < NQUERIES; ++q) printf(" %d", d.codes[q]);
            printf("; last error %d\n", d.last_error);
            bool same_codes = true, same_values = true;
            for (int q = 0; q < NQUERIES; ++q) {
                same_codes = same_codes && d.codes[q] == host[round].codes[q];
                if (d.codes[q] == cudaSuccess) same_values = same_values && d.values[q] == host[round].values[q];
            }
            fact("  every query returns the host's code", same_codes);
            fact("  every answered query gives the host's value", same_values);
        }
    }
    return finish();
}
