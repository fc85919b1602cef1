// per_thread_stream_serializes.cu: CDP2 semantic test for cdp-lower (see the rule below).
// Prints only schedule-independent facts; the order of grids is recorded
// with global atomic tickets and only orders that CDP2 guarantees are checked.
// Build: nvcc -rdc=true -arch=sm_90 -O2 per_thread_stream_serializes.cu -o per_thread_stream_serializes -lcudadevrt
#include "cdp_test.cuh"

__device__ void count_launch_error()
{
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
}

// A grid that only marks its span.
__global__ void leaf(int id, long long cycles)
{
    grid_begin(id);
    spin(cycles);
    grid_end(id);
}

// Rule 10: launches from one thread into cudaStreamPerThread run one after
// another, each after the previous one is complete (its children included).
// Different threads' per-thread streams are unordered: nothing is checked
// across threads.
#define NBLOCKS 2
#define LAUNCHERS_PER_BLOCK 8      // threads 0, 8, ..., 56 of each block launch
#define NLAUNCHERS (NBLOCKS * LAUNCHERS_PER_BLOCK)
#define ID_K0(t) (1 + (t) * 4 + 0)    // first launch of launcher t
#define ID_K0G(t) (1 + (t) * 4 + 1)   // its child (NULL stream of K0)
#define ID_K1(t) (1 + (t) * 4 + 2)
#define ID_K2(t) (1 + (t) * 4 + 3)

__global__ void node_null(int id, int child_id)
{
    grid_begin(id);
    if (is_thread0() && blockIdx.x == 0) {
        leaf<<<2, 32>>>(child_id, LONG_SPIN);
        count_launch_error();
    }
    spin(SHORT_SPIN);
    grid_end(id);
}

__global__ void parent()
{
    grid_begin(0);
    if (threadIdx.x % (64 / LAUNCHERS_PER_BLOCK) == 0) {
        const int t = blockIdx.x * LAUNCHERS_PER_BLOCK + threadIdx.x / (64 / LAUNCHERS_PER_BLOCK);
        node_null<<<1, 32, 0, cudaStreamPerThread>>>(ID_K0(t), ID_K0G(t));
        count_launch_error();
        leaf<<<2, 32, 0, cudaStreamPerThread>>>(ID_K1(t), LONG_SPIN);
        count_launch_error();
        leaf<<<1, 32, 0, cudaStreamPerThread>>>(ID_K2(t), SHORT_SPIN);
        count_launch_error();
    }
    grid_end(0);
}

int main()
{
    init_host_spans();
    const Timer timer = timer_start();
    parent<<<NBLOCKS, 64>>>();
    CHECK(cudaGetLastError());
    timer_stop(timer);

    const unsigned int errors = read_spans();
    bool all_ran = ran(0, NBLOCKS), k1_after_k0 = true, k1_after_k0g = true, k2_after_k1 = true;
    for (int t = 0; t < NLAUNCHERS; ++t) {
        all_ran = all_ran && ran(ID_K0(t), 1) && ran(ID_K0G(t), 2) && ran(ID_K1(t), 2) &&
                  ran(ID_K2(t), 1);
        k1_after_k0 = k1_after_k0 && after(ID_K1(t), ID_K0(t));
        k1_after_k0g = k1_after_k0g && after(ID_K1(t), ID_K0G(t));
        k2_after_k1 = k2_after_k1 && after(ID_K2(t), ID_K1(t));
    }
    printf("per-thread stream: %d launching threads, each launches K0(->K0g), K1, K2\n",
           NLAUNCHERS);
    printf("device launch errors: %u\n", errors);
    fact("device launches succeeded", errors == 0);
    fact("every grid ran once with all its blocks", all_ran);
    fact("per-thread stream: K1 after K0 (every thread)", k1_after_k0);
    fact("per-thread stream: K1 after K0's child K0g (every thread)", k1_after_k0g);
    fact("per-thread stream: K2 after K1 (every thread)", k2_after_k1);
    return finish();
}
