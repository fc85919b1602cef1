// null_stream_serializes_per_block.cu: CDP2 semantic test for cdp-lower (see the rule below).
// Prints only schedule-independent facts; the order of grids is recorded
// with global atomic tickets and only orders that CDP2 guarantees are checked.
// Build: nvcc -rdc=true -arch=sm_90 -O2 null_stream_serializes_per_block.cu -o null_stream_serializes_per_block -lcudadevrt
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

// Rule 6: the NULL stream is one per block of the parent grid; launches from
// one block into it run one after another, each after the previous one is
// complete (its own children included). Launches of different blocks are
// unordered, so nothing is checked across blocks.
#define NBLOCKS 8
#define IDS_PER_BLOCK 5
#define ID_A(b) (1 + (b) * IDS_PER_BLOCK + 0)
#define ID_A1(b) (1 + (b) * IDS_PER_BLOCK + 1)
#define ID_B(b) (1 + (b) * IDS_PER_BLOCK + 2)
#define ID_C(b) (1 + (b) * IDS_PER_BLOCK + 3)
#define ID_D(b) (1 + (b) * IDS_PER_BLOCK + 4)

// A: launches its own child A1 (a long one) into A's NULL stream.
__global__ void node_a(int id, int child_id)
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
    const int b = blockIdx.x;
    if (threadIdx.x == 0) {
        node_a<<<2, 32>>>(ID_A(b), ID_A1(b));
        count_launch_error();
        leaf<<<2, 32>>>(ID_B(b), SHORT_SPIN);
        count_launch_error();
        leaf<<<1, 32>>>(ID_C(b), LONG_SPIN);
        count_launch_error();
    }
    __syncthreads();
    // Another thread (another warp) of the same block, after the barrier:
    // its launch enters the same NULL stream after C.
    if (threadIdx.x == 33) {
        leaf<<<1, 32>>>(ID_D(b), SHORT_SPIN);
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
    bool all_ran = ran(0, NBLOCKS), b_after_a = true, b_after_a1 = true, c_after_b = true,
         d_after_c = true;
    for (int b = 0; b < NBLOCKS; ++b) {
        all_ran = all_ran && ran(ID_A(b), 2) && ran(ID_A1(b), 2) && ran(ID_B(b), 2) &&
                  ran(ID_C(b), 1) && ran(ID_D(b), 1);
        b_after_a = b_after_a && after(ID_B(b), ID_A(b));
        b_after_a1 = b_after_a1 && after(ID_B(b), ID_A1(b));
        c_after_b = c_after_b && after(ID_C(b), ID_B(b));
        d_after_c = d_after_c && after(ID_D(b), ID_C(b));
    }
    printf("null stream, %d parent blocks, chain A(->A1), B, C from thread 0, D from thread 33\n",
           NBLOCKS);
    printf("device launch errors: %u\n", errors);
    fact("device launches succeeded", errors == 0);
    fact("every grid ran once with all its blocks", all_ran);
    fact("null stream: B after A (every block)", b_after_a);
    fact("null stream: B after A's child A1 (every block)", b_after_a1);
    fact("null stream: C after B (every block)", c_after_b);
    fact("null stream: D (other thread, after barrier) after C (every block)", d_after_c);
    return finish();
}
