// A class whose out-of-line inline host member launches a kernel (as
// LonestarGPU's ComponentSpace::init does), next to a device-side launch
// that must be lowered in this header.
#pragma once

__global__ void clear_components(int *ids, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) ids[i] = i;
}

struct component_space {
    int *ids;
    int n;
    void init();
};

inline void component_space::init() { clear_components<<<(n + 255) / 256, 256>>>(ids, n); }

__global__ void relabel(int *ids, int n) { clear_components<<<1, n>>>(ids, n); }
