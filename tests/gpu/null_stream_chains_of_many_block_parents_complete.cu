// Class: launch trees that stopped before they completed. A parent grid of
// many 1024-thread blocks in which every thread whose item is active
// launches a child of 1 to 4 blocks into its block's NULL stream, repeated
// over host launches, as KLAP's BFS does (the lowered BFS lost a child in
// most runs: "the launch tree stopped before completing"; a launch's record
// could lose the link to its successor to its own late stores). Every child
// must run once, with all its blocks, and the children of one parent block
// one after another, in every host launch.
#include "cdp_test.cuh"

#define PARENT_BLOCKS 10
#define PARENT_THREADS 1024
#define CHILDREN (PARENT_BLOCKS * PARENT_THREADS)
#define CHILD_THREADS 32
#define HOST_LAUNCHES 12
#define FREE 0xffffffffu

__device__ unsigned int g_blocks_run[CHILDREN];   // blocks of each child that ran
__device__ unsigned int g_blocks_done[CHILDREN];  // blocks of each child that ended
__device__ unsigned int g_owner[PARENT_BLOCKS];   // the child of each parent block running now
__device__ unsigned int g_overlaps;               // a child began while another of its stream ran

__host__ __device__ inline unsigned int mix(unsigned int x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

__host__ __device__ inline bool active(unsigned int launch, unsigned int id) { return mix(launch * 40503u + id) % 4u != 0u; }

__host__ __device__ inline unsigned int child_blocks(unsigned int launch, unsigned int id)
{
    return 1u + mix(launch + id * 2654435761u) % 4u;
}

__global__ void child(unsigned int id, unsigned int parent_block, unsigned int blocks)
{
    if (threadIdx.x == 0) {
        const unsigned int owner = atomicCAS(&g_owner[parent_block], FREE, id);
        if (owner != FREE && owner != id) atomicAdd(&g_overlaps, 1u);
        atomicAdd(&g_blocks_run[id], 1u);
    }
    __syncthreads();
    if (threadIdx.x == 0 && atomicAdd(&g_blocks_done[id], 1u) == blocks - 1u) {
        __threadfence();
        atomicExch(&g_owner[parent_block], FREE);
    }
}

__global__ void parent(unsigned int launch)
{
    const unsigned int id = blockIdx.x * blockDim.x + threadIdx.x;
    if (!active(launch, id)) return;
    const unsigned int blocks = child_blocks(launch, id);
    child<<<blocks, CHILD_THREADS>>>(id, blockIdx.x, blocks);
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
}

__global__ void reset()
{
    const unsigned int id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id < CHILDREN) g_blocks_run[id] = g_blocks_done[id] = 0u;
    if (id < PARENT_BLOCKS) g_owner[id] = FREE;
    if (id == 0) g_overlaps = g_launch_errors = 0u;
}

int main()
{
    CHECK(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 2 * CHILDREN));
    static unsigned int run[CHILDREN], done[CHILDREN];
    for (unsigned int launch = 0; launch < HOST_LAUNCHES; ++launch) {
        reset<<<CHILDREN / 256, 256>>>();
        parent<<<PARENT_BLOCKS, PARENT_THREADS>>>(launch);
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
        unsigned int overlaps = 0, errors = 0;
        CHECK(cudaMemcpyFromSymbol(run, g_blocks_run, sizeof run));
        CHECK(cudaMemcpyFromSymbol(done, g_blocks_done, sizeof done));
        CHECK(cudaMemcpyFromSymbol(&overlaps, g_overlaps, sizeof overlaps));
        CHECK(cudaMemcpyFromSymbol(&errors, g_launch_errors, sizeof errors));
        unsigned int children = 0, wrong = 0;
        for (unsigned int id = 0; id < CHILDREN; ++id) {
            const unsigned int expected = active(launch, id) ? child_blocks(launch, id) : 0u;
            children += expected != 0u;
            wrong += run[id] != expected || done[id] != expected;
        }
        printf("host launch %u: %u children, %u launch errors\n", launch, children, errors);
        char what[96];
        snprintf(what, sizeof what, "host launch %u: every child ran once with all its blocks", launch);
        fact(what, wrong == 0u);
        snprintf(what, sizeof what, "host launch %u: children of one block ran one after another", launch);
        fact(what, overlaps == 0u);
    }
    return finish();
}
