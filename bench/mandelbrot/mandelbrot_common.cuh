// Host code shared by mandelbrot.cu and mandelbrot_flat.cu: CHECK and the
// FNV-1a hash of the dwell image that both print.
#ifndef CDPL_BENCH_MANDELBROT_COMMON_CUH
#define CDPL_BENCH_MANDELBROT_COMMON_CUH

#include "../common/bench_check.cuh"

#include <cstdint>
#include <vector>

static inline uint64_t fnv1a(const std::vector<int> &v)
{
    uint64_t h = 1469598103934665603ull;
    for (int d : v) {
        uint32_t u = (uint32_t)d;
        for (int b = 0; b < 4; ++b) {
            h ^= (u >> (8 * b)) & 0xffu;
            h *= 1099511628211ull;
        }
    }
    return h;
}

#endif
