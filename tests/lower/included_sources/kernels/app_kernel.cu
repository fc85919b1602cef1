// The kernels of an older suite's program, in a .cu file that its main
// file includes; guarded by #pragma once.
#pragma once

__global__ void app_child(int *out) { out[blockIdx.x] = 1; }

__global__ void app_parent(int *out) { app_child<<<2, 1>>>(out); }
