// fire_and_forget_runs_and_completes_before_host_sync.cu: CDP2 semantic test for cdp-lower (see the rule below).
// Prints only schedule-independent facts; the order of grids is recorded
// with global atomic tickets and only orders that CDP2 guarantees are checked.
// Build: nvcc -rdc=true -arch=sm_90 -O2 fire_and_forget_runs_and_completes_before_host_sync.cu -o fire_and_forget_runs_and_completes_before_host_sync -lcudadevrt
#include "cdp_test.cuh"

__device__ void count_launch_error()
{
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
}

// Rules 9 and 12 (and 8 for the tail): every fire-and-forget child runs,
// grandchildren too; nothing in the program waits for them except the
// parent's completion. So the parent's tail launch, the next grid in the host
// stream, and the host after cudaDeviceSynchronize() all see their writes.
#define PARENT_BLOCKS 16
#define PARENT_THREADS 32
#define LAUNCHERS (PARENT_BLOCKS * PARENT_THREADS)   // 512 children, 512 grandchildren
#define CHILD_BLOCKS 2
#define CHILD_THREADS 64
#define CHILD_SLOTS (CHILD_BLOCKS * CHILD_THREADS)    // 128 per child
#define GRAND_SLOTS 64                                // 64 per grandchild
#define OUT_SIZE (LAUNCHERS * CHILD_SLOTS)
#define OUT2_SIZE (LAUNCHERS * GRAND_SLOTS)

__device__ unsigned int g_children;        // child grids that ran (counted by block 0)
__device__ unsigned int g_child_blocks;
__device__ unsigned int g_grandchildren;
__device__ unsigned int g_tail_seen;       // correct values seen by the tail launch
__device__ unsigned int g_tail_runs;
__device__ unsigned int g_next_seen;       // correct values seen by the next host grid

__host__ __device__ int child_value(int g, int i) { return g * 7919 + i * 31 + 1; }
__host__ __device__ int grand_value(int g, int i) { return g * 104729 + i * 17 + 3; }

__global__ void grandchild(int *out2, int g)
{
    out2[g * GRAND_SLOTS + threadIdx.x] = grand_value(g, threadIdx.x);
    if (threadIdx.x == 0) atomicAdd(&g_grandchildren, 1u);
}

__global__ void child(int *out, int *out2, int g)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    spin(SHORT_SPIN / 4);
    out[g * CHILD_SLOTS + i] = child_value(g, i);
    if (threadIdx.x == 0) atomicAdd(&g_child_blocks, 1u);
    if (threadIdx.x == 0 && blockIdx.x == 0) {
        atomicAdd(&g_children, 1u);
        grandchild<<<1, GRAND_SLOTS, 0, cudaStreamFireAndForget>>>(out2, g);
        count_launch_error();
    }
}

// Counts every value it finds correct; launched as the parent's tail.
__global__ void verify_tail(const int *out, const int *out2)
{
    grid_begin(1);
    unsigned int seen = 0;
    for (int k = blockIdx.x * blockDim.x + threadIdx.x; k < OUT_SIZE; k += gridDim.x * blockDim.x)
        seen += out[k] == child_value(k / CHILD_SLOTS, k % CHILD_SLOTS);
    for (int k = blockIdx.x * blockDim.x + threadIdx.x; k < OUT2_SIZE; k += gridDim.x * blockDim.x)
        seen += out2[k] == grand_value(k / GRAND_SLOTS, k % GRAND_SLOTS);
    atomicAdd(&g_tail_seen, seen);
    if (threadIdx.x == 0) atomicAdd(&g_tail_runs, 1u);
    grid_end(1);
}

// The same count, by an ordinary grid launched from the host into the same
// stream after the parent.
__global__ void verify_next(const int *out, const int *out2)
{
    unsigned int seen = 0;
    for (int k = blockIdx.x * blockDim.x + threadIdx.x; k < OUT_SIZE; k += gridDim.x * blockDim.x)
        seen += out[k] == child_value(k / CHILD_SLOTS, k % CHILD_SLOTS);
    for (int k = blockIdx.x * blockDim.x + threadIdx.x; k < OUT2_SIZE; k += gridDim.x * blockDim.x)
        seen += out2[k] == grand_value(k / GRAND_SLOTS, k % GRAND_SLOTS);
    atomicAdd(&g_next_seen, seen);
}

__global__ void parent(int *out, int *out2)
{
    grid_begin(0);
    const int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g == 0) {
        verify_tail<<<4, 256, 0, cudaStreamTailLaunch>>>(out, out2);
        count_launch_error();
    }
    child<<<CHILD_BLOCKS, CHILD_THREADS, 0, cudaStreamFireAndForget>>>(out, out2, g);
    count_launch_error();
    spin(SHORT_SPIN);
    grid_end(0);
}

int main()
{
    init_host_spans();
    int *d_out = nullptr, *d_out2 = nullptr;
    CHECK(cudaMalloc(&d_out, OUT_SIZE * sizeof(int)));
    CHECK(cudaMalloc(&d_out2, OUT2_SIZE * sizeof(int)));
    CHECK(cudaMemset(d_out, 0, OUT_SIZE * sizeof(int)));
    CHECK(cudaMemset(d_out2, 0, OUT2_SIZE * sizeof(int)));
    CHECK(cudaDeviceSynchronize());

    const Timer timer = timer_start();
    parent<<<PARENT_BLOCKS, PARENT_THREADS>>>(d_out, d_out2);
    CHECK(cudaGetLastError());
    verify_next<<<8, 256>>>(d_out, d_out2);
    CHECK(cudaGetLastError());
    timer_stop(timer);

    const unsigned int errors = read_spans();
    unsigned int children = 0, child_blocks = 0, grandchildren = 0, tail_seen = 0, tail_runs = 0,
                 next_seen = 0;
    CHECK(cudaMemcpyFromSymbol(&children, g_children, sizeof children));
    CHECK(cudaMemcpyFromSymbol(&child_blocks, g_child_blocks, sizeof child_blocks));
    CHECK(cudaMemcpyFromSymbol(&grandchildren, g_grandchildren, sizeof grandchildren));
    CHECK(cudaMemcpyFromSymbol(&tail_seen, g_tail_seen, sizeof tail_seen));
    CHECK(cudaMemcpyFromSymbol(&tail_runs, g_tail_runs, sizeof tail_runs));
    CHECK(cudaMemcpyFromSymbol(&next_seen, g_next_seen, sizeof next_seen));

    int *h_out = (int *)malloc(OUT_SIZE * sizeof(int));
    int *h_out2 = (int *)malloc(OUT2_SIZE * sizeof(int));
    CHECK(cudaMemcpy(h_out, d_out, OUT_SIZE * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(h_out2, d_out2, OUT2_SIZE * sizeof(int), cudaMemcpyDeviceToHost));
    unsigned int host_seen = 0;
    for (int k = 0; k < OUT_SIZE; ++k) host_seen += h_out[k] == child_value(k / CHILD_SLOTS, k % CHILD_SLOTS);
    for (int k = 0; k < OUT2_SIZE; ++k) host_seen += h_out2[k] == grand_value(k / GRAND_SLOTS, k % GRAND_SLOTS);
    const unsigned int expected = OUT_SIZE + OUT2_SIZE;

    printf("fire-and-forget: %d children of %d blocks, %d grandchildren\n", LAUNCHERS, CHILD_BLOCKS,
           LAUNCHERS);
    printf("device launch errors: %u\n", errors);
    printf("children run: %u, child blocks run: %u, grandchildren run: %u\n", children,
           child_blocks, grandchildren);
    printf("values expected: %u, seen by tail: %u, by next host grid: %u, by host: %u\n",
           expected, tail_seen, next_seen, host_seen);
    fact("device launches succeeded", errors == 0);
    fact("every fire-and-forget child ran once, all blocks",
         children == LAUNCHERS && child_blocks == LAUNCHERS * CHILD_BLOCKS);
    fact("every fire-and-forget grandchild ran once", grandchildren == LAUNCHERS);
    fact("parent ran with all its blocks", ran(0, PARENT_BLOCKS));
    fact("tail launch ran once, all blocks", tail_runs == 4 && ran(1, 4));
    fact("tail launch started after every parent block ended", after(1, 0));
    fact("tail launch saw every fire-and-forget write", tail_seen == expected);
    fact("next grid in the host stream saw every write", next_seen == expected);
    fact("host saw every write after cudaDeviceSynchronize", host_seen == expected);
    free(h_out);
    free(h_out2);
    CHECK(cudaFree(d_out));
    CHECK(cudaFree(d_out2));
    return finish();
}
