/* Exits 0 when a CUDA GPU can run work, 77 (CTest's "skipped") otherwise. */
#include <cuda_runtime_api.h>
#include <stdio.h>

int main(void)
{
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
        puts("no CUDA GPU: skipped");
        return 77;
    }
    return 0;
}
