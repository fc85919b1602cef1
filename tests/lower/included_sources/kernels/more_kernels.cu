// A second kernel file that includes the first one again.
#pragma once
#include "app_kernel.cu"

__global__ void more_parent(int *out) { app_child<<<1, 1>>>(out); }
