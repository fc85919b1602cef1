// launch_in_header.cuh: included by launch_in_header.cu. Kernels launched
// from the device, their launches, a device helper reading blockIdx and a
// device-side cudaGetLastError, all in a header: cdp-lower lowers them into
// the lowered file in place of the #include line.
#pragma once

__device__ unsigned int g_header_sum[4];
__device__ unsigned int g_header_errors;

__device__ inline unsigned int header_block() { return blockIdx.x; }

__global__ void header_leaf(unsigned int value)
{
    if (threadIdx.x == 0) atomicAdd(&g_header_sum[header_block()], value);
}

__global__ void header_parent(unsigned int value)
{
    if (threadIdx.x != 0) return;
    header_leaf<<<4, 32>>>(value);
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_header_errors, 1u);
}
