// The same helpers, with a kernel that launches another from the device.
#pragma once
#include "../host_only/check.cuh"

__global__ void fill(float *v, int n) { for (int i = 0; i < n; ++i) v[i] = 1.0f; }
__global__ void fill_twice(float *v, int n) { fill<<<1, 1>>>(v, n); fill<<<1, 1>>>(v, n); }

inline void run_on(float *v, int n)
{
    fill_twice<<<1, 1>>>(v, n);
    CHECK(cudaGetLastError());
}
