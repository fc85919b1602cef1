// Included by launch_in_header_is_lowered_in_its_place.cu: a kernel launched
// from the device, a launch, a device API call, and a helper header of this
// directory included by a relative name.
#pragma once
#include "block_helpers.cuh"

__global__ void header_child(int *out) { out[block_x()] = 1; }

__global__ void header_parent(int *out)
{
    header_child<<<2, 1>>>(out);
    if (cudaGetLastError() != cudaSuccess) out[0] = -1;
}
