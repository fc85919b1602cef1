// repeated_host_launch_with_changing_waves.cu: CDP2 semantic test for cdp-lower.
// The same host launch (kernel, shape and arguments) runs round after round,
// while what its grids launch changes from round to round: the root reads
// the round's shape from device memory that the host sets in between. Every
// round, each grid must run exactly once, with its own blockIdx, gridDim,
// block shape and dynamic shared memory (rules 1-4, 8, 12).
//
// The lowering launches a wave before it is planned where the same host
// launch had it last time (speculative launches, rt/src/drain.c); the rounds
// are chosen so that such a launch fits its wave exactly, fits it with
// blocks to spare, has too few blocks, too little shared memory or another
// block shape, or has no wave to run at all.
// Build: nvcc -rdc=true -arch=sm_90 -O2 repeated_host_launch_with_changing_waves.cu -o repeated_host_launch_with_changing_waves -lcudadevrt
#include "cdp_test.cuh"

struct RoundShape {
    int children;      // child grids, one launched by each of the root's first threads
    int child_blocks;  // blocks of each child grid
    int child_threads; // threads of a child block
    int leaf_blocks;   // blocks of the leaf grid that block 0 of each child launches (0: none)
    int leaf_shmem;    // its dynamic shared memory, bytes
    int tail;          // 1: the root tail-launches a leaf grid of 2 blocks
};

#define ROUNDS 13
static const RoundShape rounds[ROUNDS] = {
    {4, 3, 64, 2, 0, 0},    // first sight
    {4, 3, 64, 2, 0, 0},    // the same waves again
    {4, 2, 64, 2, 0, 0},    // fewer child blocks
    {4, 5, 64, 2, 0, 0},    // more child blocks than last time
    {4, 5, 64, 2, 4096, 0}, // leaves need shared memory
    {4, 5, 64, 2, 4096, 0}, // the same again
    {4, 5, 64, 3, 512, 0},  // less shared memory, one leaf block more
    {4, 5, 128, 3, 512, 0}, // another child block shape
    {0, 0, 64, 0, 0, 0},    // no children at all
    {4, 3, 64, 0, 0, 1},    // a tail, no leaves
    {4, 3, 64, 0, 0, 1},    // the same again
    {2, 3, 64, 1, 64, 1},   // fewer children, leaves and a tail
    {2, 3, 64, 1, 64, 1},   // the same again
};

__device__ RoundShape g_shape;
__device__ unsigned int g_child_blocks, g_leaf_blocks, g_tail_blocks, g_shmem_errors, g_shape_errors, g_order_errors;
__device__ unsigned long long g_child_sum, g_leaf_sum;

__device__ void count_launch_error()
{
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
}

// Fills its dynamic shared memory, then reads back what other threads wrote.
__global__ void leaf(int tag, int shmem)
{
    extern __shared__ unsigned char bytes[];
    for (int i = threadIdx.x; i < shmem; i += blockDim.x) bytes[i] = (unsigned char)(i * 7 + tag);
    __syncthreads();
    for (int i = (int)threadIdx.x; i < shmem; i += blockDim.x) {
        int j = shmem - 1 - i;
        if (bytes[j] != (unsigned char)(j * 7 + tag)) atomicAdd(&g_shmem_errors, 1u);
    }
    if (threadIdx.x == 0) {
        if (tag < 0) {
            /* A tail runs after every child and leaf of the root. */
            const RoundShape shape = g_shape;
            unsigned int leaves = shape.leaf_blocks > 0 ? shape.children * shape.leaf_blocks : 0;
            if (*(volatile unsigned int *)&g_child_blocks != (unsigned int)(shape.children * shape.child_blocks) ||
                *(volatile unsigned int *)&g_leaf_blocks != leaves)
                atomicAdd(&g_order_errors, 1u);
            atomicAdd(&g_tail_blocks, 1u);
        } else {
            atomicAdd(&g_leaf_blocks, 1u);
            atomicAdd(&g_leaf_sum, (unsigned long long)tag * 1000ull + blockIdx.x * 10ull + gridDim.x);
        }
    }
}

__global__ void child(int tag)
{
    const RoundShape shape = g_shape;
    if (threadIdx.x == 0) {
        if ((int)blockDim.x != shape.child_threads || (int)gridDim.x != shape.child_blocks)
            atomicAdd(&g_shape_errors, 1u);
        atomicAdd(&g_child_blocks, 1u);
        atomicAdd(&g_child_sum, (unsigned long long)tag * 1000ull + blockIdx.x * 10ull + gridDim.x);
        if (blockIdx.x == 0 && shape.leaf_blocks > 0) {
            leaf<<<shape.leaf_blocks, 64, shape.leaf_shmem>>>(tag, shape.leaf_shmem);
            count_launch_error();
        }
    }
}

__global__ void root()
{
    const RoundShape shape = g_shape;
    if ((int)threadIdx.x < shape.children) {
        child<<<shape.child_blocks, shape.child_threads>>>((int)threadIdx.x + 1);
        count_launch_error();
    }
    if (threadIdx.x == 0 && shape.tail) {
        leaf<<<2, 64, 0, cudaStreamTailLaunch>>>(-1, 0);
        count_launch_error();
    }
}

// What a round's grids add up to, as the kernels above count it.
static unsigned long long grid_sum(int grids, int first_tag, int blocks)
{
    unsigned long long sum = 0;
    for (int g = 0; g < grids; ++g)
        for (int b = 0; b < blocks; ++b) sum += (unsigned long long)(first_tag + g) * 1000ull + b * 10ull + blocks;
    return sum;
}

int main()
{
    const Timer timer = timer_start();
    for (int r = 0; r < ROUNDS; ++r) {
        const RoundShape &shape = rounds[r];
        const unsigned int zero = 0;
        const unsigned long long zero64 = 0;
        CHECK(cudaMemcpyToSymbol(g_shape, &shape, sizeof shape));
        CHECK(cudaMemcpyToSymbol(g_child_blocks, &zero, sizeof zero));
        CHECK(cudaMemcpyToSymbol(g_leaf_blocks, &zero, sizeof zero));
        CHECK(cudaMemcpyToSymbol(g_tail_blocks, &zero, sizeof zero));
        CHECK(cudaMemcpyToSymbol(g_child_sum, &zero64, sizeof zero64));
        CHECK(cudaMemcpyToSymbol(g_leaf_sum, &zero64, sizeof zero64));
        root<<<1, 32>>>();
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
        unsigned int child_blocks = 0, leaf_blocks = 0, tail_blocks = 0;
        unsigned long long child_sum = 0, leaf_sum = 0;
        CHECK(cudaMemcpyFromSymbol(&child_blocks, g_child_blocks, sizeof child_blocks));
        CHECK(cudaMemcpyFromSymbol(&leaf_blocks, g_leaf_blocks, sizeof leaf_blocks));
        CHECK(cudaMemcpyFromSymbol(&tail_blocks, g_tail_blocks, sizeof tail_blocks));
        CHECK(cudaMemcpyFromSymbol(&child_sum, g_child_sum, sizeof child_sum));
        CHECK(cudaMemcpyFromSymbol(&leaf_sum, g_leaf_sum, sizeof leaf_sum));
        const int leaves = shape.leaf_blocks > 0 ? shape.children : 0;
        char what[96];
        snprintf(what, sizeof what, "round %d: every child block ran once, with its blockIdx and gridDim", r);
        fact(what, child_blocks == (unsigned int)(shape.children * shape.child_blocks) &&
                       child_sum == grid_sum(shape.children, 1, shape.child_blocks));
        snprintf(what, sizeof what, "round %d: every leaf block ran once, with its blockIdx and gridDim", r);
        fact(what, leaf_blocks == (unsigned int)(leaves * shape.leaf_blocks) &&
                       leaf_sum == grid_sum(leaves, 1, shape.leaf_blocks));
        snprintf(what, sizeof what, "round %d: the tail ran once", r);
        fact(what, tail_blocks == (shape.tail ? 2u : 0u));
    }
    timer_stop(timer);
    unsigned int shmem_errors = 0, shape_errors = 0, order_errors = 0, launch_errors = 0;
    CHECK(cudaMemcpyFromSymbol(&shmem_errors, g_shmem_errors, sizeof shmem_errors));
    CHECK(cudaMemcpyFromSymbol(&shape_errors, g_shape_errors, sizeof shape_errors));
    CHECK(cudaMemcpyFromSymbol(&order_errors, g_order_errors, sizeof order_errors));
    CHECK(cudaMemcpyFromSymbol(&launch_errors, g_launch_errors, sizeof launch_errors));
    fact("every leaf had its dynamic shared memory", shmem_errors == 0);
    fact("every child block had the round's block shape and grid", shape_errors == 0);
    fact("every tail ran after the children and leaves of its round", order_errors == 0);
    fact("no launch failed", launch_errors == 0);
    return finish();
}
