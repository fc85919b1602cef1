// kernel_attribute_queries_in_device_code.cu: CDP2 semantic test for cdp-lower
// (rule 17: cudaFuncGetAttributes and the occupancy calculators keep working in
// device code, about a kernel launched from the device and about one that is
// not). Register counts differ between builds, so it prints only what holds
// for any: the return codes, and that the device's answers equal the host's
// answers about the same kernel.
#include "cdp_test.cuh"

#define QUERIES 5
__device__ int g_codes[2][QUERIES];
__device__ int g_blocks[2][QUERIES];
__device__ int g_max_threads[2];
__device__ int g_child_ran;

__global__ void child(int *out)
{
    extern __shared__ int scratch[];
    scratch[threadIdx.x] = 1;
    if (threadIdx.x == 0) atomicAdd(&g_child_ran, 1);
    out[threadIdx.x] = scratch[threadIdx.x];
}

// Never launched from the device: it stays an ordinary kernel.
__global__ void plain(int *out) { out[threadIdx.x] = 2; }

__device__ const int k_block_sizes[QUERIES] = {32, 64, 256, 1000, 1024};
__device__ const size_t k_shmem[QUERIES] = {0, 4096, 20000, 0, 40000};

__global__ void parent(int *out)
{
    cudaFuncAttributes attributes;
    g_codes[0][0] = cudaFuncGetAttributes(&attributes, child);
    g_max_threads[0] = attributes.maxThreadsPerBlock;
    g_codes[1][0] = cudaFuncGetAttributes(&attributes, plain);
    g_max_threads[1] = attributes.maxThreadsPerBlock;
    for (int q = 1; q < QUERIES; ++q) {
        g_codes[0][q] = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&g_blocks[0][q], child,
                                                                      k_block_sizes[q], k_shmem[q]);
        g_codes[1][q] = cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
            &g_blocks[1][q], plain, k_block_sizes[q], k_shmem[q], cudaOccupancyDefault);
    }
    child<<<1, 64, 64 * sizeof(int)>>>(out);
}

int main()
{
    int *out;
    CHECK(cudaMalloc(&out, 64 * sizeof(int)));
    Timer timer = timer_start();
    parent<<<1, 1>>>(out);
    CHECK(cudaGetLastError());
    timer_stop(timer);
    int codes[2][QUERIES], blocks[2][QUERIES], max_threads[2], ran = 0;
    CHECK(cudaMemcpyFromSymbol(codes, g_codes, sizeof codes));
    CHECK(cudaMemcpyFromSymbol(blocks, g_blocks, sizeof blocks));
    CHECK(cudaMemcpyFromSymbol(max_threads, g_max_threads, sizeof max_threads));
    CHECK(cudaMemcpyFromSymbol(&ran, g_child_ran, sizeof ran));

    const int block_sizes[QUERIES] = {32, 64, 256, 1000, 1024};
    const size_t shmem[QUERIES] = {0, 4096, 20000, 0, 40000};
    const char *names[2] = {"device-launched kernel", "ordinary kernel"};
    for (int k = 0; k < 2; ++k) {
        cudaFuncAttributes host_attributes;
        CHECK(cudaFuncGetAttributes(&host_attributes, k == 0 ? (const void *)child : (const void *)plain));
        printf("%s: codes", names[k]);
        for (int q = 0; q < QUERIES; ++q) printf(" %d", codes[k][q]);
        printf("\n");
        fact("cudaFuncGetAttributes agrees with the host", max_threads[k] == host_attributes.maxThreadsPerBlock);
        for (int q = 1; q < QUERIES; ++q) {
            int host_blocks = -1;
            if (k == 0)
                CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&host_blocks, child, block_sizes[q], shmem[q]));
            else
                CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&host_blocks, plain, block_sizes[q], shmem[q]));
            if (blocks[k][q] != host_blocks)
                fprintf(stderr, "%s, %d threads, %zu bytes: device %d, host %d\n", names[k], block_sizes[q],
                        shmem[q], blocks[k][q], host_blocks);
            fact("occupancy agrees with the host", blocks[k][q] == host_blocks);
        }
    }
    fact("child ran once", ran == 1);
    CHECK(cudaFree(out));
    return finish();
}
