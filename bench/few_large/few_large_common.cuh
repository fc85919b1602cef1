// Code shared by few_large.cu and few_large_flat.cu: the initial values and
// FMA coefficients (host and device), and the host checks of the array copied
// back (CPU checksum, sampled elements recomputed with fmaf). Include after
// the ITERS, SAMPLE_STRIDE and COEFF_A macros.
#ifndef CDPL_BENCH_FEW_LARGE_COMMON_CUH
#define CDPL_BENCH_FEW_LARGE_COMMON_CUH

#include "../common/bench_check.cuh"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

__host__ __device__ inline float init_value(unsigned int i)
{
    unsigned int h = i * 2654435761u;
    h ^= h >> 15;
    h *= 0x2c1b3c6du;
    h ^= h >> 12;
    return (float)(h & 0xffffu) * (1.0f / 65536.0f);
}

__host__ __device__ inline float coeff_b(unsigned int i)
{
    return (float)(i & 1023u) * (1.0f / 1048576.0f);
}

// Integer sum and xor of the bit patterns of data[0, n).
static inline void cpu_checksum(const std::vector<float> &data, int n, unsigned long long &cpu_sum,
                                unsigned int &cpu_xor)
{
    for (int i = 0; i < n; ++i) {
        uint32_t bits;
        memcpy(&bits, &data[i], 4);
        cpu_sum += bits;
        cpu_xor ^= bits;
    }
}

// Recomputes every SAMPLE_STRIDE-th element on the CPU; counts the samples and
// those that differ bit for bit from data.
static inline void check_samples(const std::vector<float> &data, int n, long long &sampled,
                                 long long &sample_mismatches)
{
    for (int i = 0; i < n; i += SAMPLE_STRIDE) {
        float x = init_value((unsigned int)i);
        const float b = coeff_b((unsigned int)i);
        for (int k = 0; k < ITERS; ++k) x = std::fmaf(x, COEFF_A, b);
        ++sampled;
        if (memcmp(&x, &data[i], 4) != 0) ++sample_mismatches;
    }
}

#endif
