/* Exits 0 when a GPU can run work, 77 (CTest's "skipped") otherwise: a CUDA
 * GPU, or an AMD GPU where the programs are built with hipcc. */
#include "cdpl_gpu.h"
#include <stdio.h>

int main(void)
{
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
        puts("no GPU: skipped");
        return 77;
    }
    return 0;
}
