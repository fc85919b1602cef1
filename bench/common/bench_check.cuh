// Shared by the bench/ workloads: CHECK(call) aborts with "RESULT: FAIL" on
// stdout when a CUDA runtime call fails (host code only).
#ifndef CDPL_BENCH_CHECK_CUH
#define CDPL_BENCH_CHECK_CUH

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                          \
    do {                                                                     \
        cudaError_t err_ = (call);                                           \
        if (err_ != cudaSuccess) {                                           \
            fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,    \
                    #call, cudaGetErrorString(err_));                        \
            printf("RESULT: FAIL\n");                                        \
            exit(1);                                                         \
        }                                                                    \
    } while (0)

#endif
