// Host code shared by quicksort.cu and quicksort_flat.cu: CHECK and the
// LCG that generates the input keys.
#ifndef CDPL_BENCH_QUICKSORT_COMMON_CUH
#define CDPL_BENCH_QUICKSORT_COMMON_CUH

#include "../common/bench_check.cuh"

#include <cstdint>
#include <vector>

// Fills h_in[0, n) with the fixed-seed input keys.
static inline void make_input(std::vector<int> &h_in, int n)
{
    uint32_t x = 12345u;
    for (int i = 0; i < n; ++i) {
        x = x * 1664525u + 1013904223u;
        h_in[i] = (int)(x >> 8) - (1 << 23);   // [-2^23, 2^23): some duplicates
    }
}

#endif
