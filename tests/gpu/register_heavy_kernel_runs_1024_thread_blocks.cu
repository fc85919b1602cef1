// Class: a kernel that needs more registers lowered than natively. Its
// native build takes at most 64 registers a thread, so blocks of 1024
// threads launch; the lowered entry holds the runtime's code as well, and
// without bounds of its own it took more than 64 (69 with ptxas 13.0), and
// every launch of 1024 threads failed with "too many resources requested".
// Launched with 1024-thread blocks from the host and from the device, it must
// run everywhere, with the native results.
#include "cdp_test.cuh"

#define VALUES 48
#define THREADS 1024
#define LEVELS 4

// Many values live at once: the body alone needs about 56 registers.
__global__ void heavy(unsigned int *out, int depth, unsigned int seed)
{
    unsigned int v[VALUES];
    const unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
    for (int i = 0; i < VALUES; ++i) v[i] = seed * 2654435761u + t * 40503u + (unsigned int)i * 97u;
    for (int round = 0; round < 16; ++round) {
#pragma unroll
        for (int i = 0; i < VALUES; ++i) v[i] = v[i] * v[(i + 7) % VALUES] + (v[(i + 3) % VALUES] ^ (v[i] >> 7));
    }
    unsigned int sum = 0u;
#pragma unroll
    for (int i = 0; i < VALUES; ++i) sum += v[i] * (unsigned int)(i + 1);
    out[t] = sum;
    if (depth > 0 && t == 0) {
        heavy<<<1, THREADS>>>(out + gridDim.x * blockDim.x, depth - 1, seed + 1u);
        if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
    }
}

int main()
{
    const int host_blocks = 2;
    const size_t count = (size_t)(host_blocks + LEVELS) * THREADS;
    unsigned int *d_out = nullptr;
    CHECK(cudaMalloc(&d_out, count * sizeof(unsigned int)));
    CHECK(cudaMemset(d_out, 0, count * sizeof(unsigned int)));
    init_spans<<<1, MAX_SPANS>>>();
    CHECK(cudaGetLastError());
    heavy<<<host_blocks, THREADS>>>(d_out, LEVELS, 12345u);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    unsigned int *out = (unsigned int *)malloc(count * sizeof(unsigned int));
    CHECK(cudaMemcpy(out, d_out, count * sizeof(unsigned int), cudaMemcpyDeviceToHost));
    unsigned int errors = 0u;
    CHECK(cudaMemcpyFromSymbol(&errors, g_launch_errors, sizeof errors));
    unsigned long long checksum = 0ull;
    size_t written = 0;
    for (size_t i = 0; i < count; ++i) {
        checksum = checksum * 1099511628211ull + out[i];
        written += out[i] != 0u;
    }
    printf("device launch errors: %u\n", errors);
    printf("values written: %zu of %zu\n", written, count);
    printf("checksum: %016llx\n", checksum);
    const bool ok = errors == 0u && written == count;
    printf("RESULT: %s\n", ok ? "PASS" : "FAIL");
    free(out);
    CHECK(cudaFree(d_out));
    return ok ? 0 : 1;
}
