#pragma once
#define CHECK(x)                                                            \
    do {                                                                    \
        cudaError_t e = (x);                                                \
        if (e != cudaSuccess) std::printf("%s\n", cudaGetErrorString(e));   \
    } while (0)
