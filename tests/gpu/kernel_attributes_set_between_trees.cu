// Class: a host program sets a kernel's attributes between launches of its
// launch tree (as programs that size their launches from the attributes do).
// Lowered, a kernel runs in the runtime's entry, whose dynamic shared memory
// is the user's and the runtime's own per-thread state (8 bytes a thread):
// 1024-thread blocks with 44 KB of the user's take 52 KB, so the runtime
// raises the entry's limit above the default 48 KB and remembered that it
// had. Setting the limit to 48 KB afterwards (what the program's own
// launches need; natively nothing changes) lowered it under what the
// runtime remembered, and the next tree's launches failed. Every tree must
// run as natively, with every attribute call answered cudaSuccess.
#include "cdp_test.cuh"

#define THREADS 1024
#define USER_SHMEM (44 * 1024)
#define ROUNDS 3

// Sums what every thread of the block put in the dynamic shared memory.
__device__ unsigned int block_sum(unsigned int value)
{
    extern __shared__ unsigned int cells[];
    const unsigned int words = USER_SHMEM / sizeof(unsigned int);
    for (unsigned int i = threadIdx.x; i < words; i += blockDim.x) cells[i] = value + i;
    __syncthreads();
    unsigned int sum = 0u;
    if (threadIdx.x == 0)
        for (unsigned int i = 0; i < words; ++i) sum += cells[i];
    return sum;
}

__global__ void child(unsigned int *out, unsigned int round)
{
    const unsigned int sum = block_sum(round * 7u + blockIdx.x);
    if (threadIdx.x == 0) atomicAdd(out, sum);
}

__global__ void parent(unsigned int *out, unsigned int round)
{
    const unsigned int sum = block_sum(round * 3u);
    if (threadIdx.x == 0) {
        out[0] = sum;
        child<<<2, THREADS, USER_SHMEM>>>(out + 1, round);
        if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
    }
}

int main()
{
    unsigned int *d_out = nullptr;
    CHECK(cudaMalloc(&d_out, 2 * ROUNDS * sizeof(unsigned int)));
    CHECK(cudaMemset(d_out, 0, 2 * ROUNDS * sizeof(unsigned int)));
    init_spans<<<1, MAX_SPANS>>>();
    CHECK(cudaGetLastError());
    int attribute_failures = 0;
    for (unsigned int round = 0; round < ROUNDS; ++round) {
        parent<<<1, THREADS, USER_SHMEM>>>(d_out + 2 * round, round);
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
        attribute_failures +=
            cudaFuncSetAttribute(parent, cudaFuncAttributeMaxDynamicSharedMemorySize, 48 * 1024) != cudaSuccess;
        attribute_failures +=
            cudaFuncSetAttribute(child, cudaFuncAttributeMaxDynamicSharedMemorySize, 48 * 1024) != cudaSuccess;
        cudaFuncAttributes attributes;
        attribute_failures += cudaFuncGetAttributes(&attributes, child) != cudaSuccess;
        attribute_failures += attributes.maxThreadsPerBlock < THREADS;
    }
    unsigned int out[2 * ROUNDS];
    CHECK(cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost));
    unsigned int errors = 0u;
    CHECK(cudaMemcpyFromSymbol(&errors, g_launch_errors, sizeof errors));
    const unsigned int words = USER_SHMEM / sizeof(unsigned int);
    bool sums_right = true;
    for (unsigned int round = 0; round < ROUNDS; ++round) {
        unsigned int parent_sum = 0u, child_sum = 0u;
        for (unsigned int i = 0; i < words; ++i) {
            parent_sum += round * 3u + i;
            child_sum += (round * 7u + i) + (round * 7u + 1u + i);
        }
        printf("round %u: parent %u, children %u\n", round, out[2 * round], out[2 * round + 1]);
        sums_right = sums_right && out[2 * round] == parent_sum && out[2 * round + 1] == child_sum;
    }
    printf("device launch errors: %u, attribute calls failed or answered wrong: %d\n", errors,
           attribute_failures);
    const bool ok = sums_right && errors == 0u && attribute_failures == 0;
    printf("RESULT: %s\n", ok ? "PASS" : "FAIL");
    CHECK(cudaFree(d_out));
    return ok ? 0 : 1;
}
