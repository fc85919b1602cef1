// tail_launch_after_parent_and_children.cu: CDP2 semantic test for cdp-lower (see the rule below).
// Prints only schedule-independent facts; the order of grids is recorded
// with global atomic tickets and only orders that CDP2 guarantees are checked.
// Build: nvcc -rdc=true -arch=sm_90 -O2 tail_launch_after_parent_and_children.cu -o tail_launch_after_parent_and_children -lcudadevrt
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

// Rule 8: a tail launch starts only after every block of its parent grid has
// finished and all the non-tail work the grid launched (NULL stream,
// fire-and-forget, with their subtrees) is complete. The tail stream is one
// per grid: tail launches run one after another, each after the previous one
// is complete (its own children included), whichever block launched them.
#define NBLOCKS 4
#define ID_PARENT 0
#define ID_T1 1      // tail, launched first by block 0 thread 0; launches T1c
#define ID_T1C 2
#define ID_T2 3      // tail, launched second by block 0 thread 0
#define ID_T3 4      // tail, launched by block 2 thread 5 (order vs T1/T2 not defined)
#define ID_N(b) (5 + (b) * 4 + 0)    // NULL-stream child of block b
#define ID_NG(b) (5 + (b) * 4 + 1)   // its NULL-stream grandchild
#define ID_F(b) (5 + (b) * 4 + 2)    // fire-and-forget child of block b
#define ID_FG(b) (5 + (b) * 4 + 3)   // its fire-and-forget grandchild

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

__global__ void node_faf(int id, int child_id)
{
    grid_begin(id);
    if (is_thread0() && blockIdx.x == 0) {
        leaf<<<2, 32, 0, cudaStreamFireAndForget>>>(child_id, LONG_SPIN);
        count_launch_error();
    }
    spin(SHORT_SPIN);
    grid_end(id);
}

__global__ void parent()
{
    grid_begin(ID_PARENT);
    const int b = blockIdx.x;
    if (b == 0 && threadIdx.x == 0) {
        // The tails are launched before any other work, to show that order of
        // the statements does not matter.
        node_null<<<2, 32, 0, cudaStreamTailLaunch>>>(ID_T1, ID_T1C);
        count_launch_error();
        leaf<<<2, 32, 0, cudaStreamTailLaunch>>>(ID_T2, SHORT_SPIN);
        count_launch_error();
    }
    if (threadIdx.x == 0) {
        node_null<<<2, 32>>>(ID_N(b), ID_NG(b));
        count_launch_error();
    }
    if (threadIdx.x == 1) {
        node_faf<<<2, 32, 0, cudaStreamFireAndForget>>>(ID_F(b), ID_FG(b));
        count_launch_error();
    }
    __syncthreads();
    if (b == 2 && threadIdx.x == 5) {
        leaf<<<1, 32, 0, cudaStreamTailLaunch>>>(ID_T3, SHORT_SPIN);
        count_launch_error();
    }
    // The last block lingers, so a tail that waited only for some blocks
    // would be caught.
    spin(b == NBLOCKS - 1 ? LONG_SPIN : SHORT_SPIN);
    grid_end(ID_PARENT);
}

int main()
{
    init_host_spans();
    const Timer timer = timer_start();
    parent<<<NBLOCKS, 64>>>();
    CHECK(cudaGetLastError());
    timer_stop(timer);

    const unsigned int errors = read_spans();
    bool all_ran = ran(ID_PARENT, NBLOCKS) && ran(ID_T1, 2) && ran(ID_T1C, 2) && ran(ID_T2, 2) &&
                   ran(ID_T3, 1);
    const int tails[3] = {ID_T1, ID_T2, ID_T3};
    bool after_parent = true, after_null = true, after_faf = true;
    for (int t = 0; t < 3; ++t) {
        after_parent = after_parent && after(tails[t], ID_PARENT);
        for (int b = 0; b < NBLOCKS; ++b) {
            after_null = after_null && after(tails[t], ID_N(b)) && after(tails[t], ID_NG(b));
            after_faf = after_faf && after(tails[t], ID_F(b)) && after(tails[t], ID_FG(b));
        }
    }
    for (int b = 0; b < NBLOCKS; ++b)
        all_ran = all_ran && ran(ID_N(b), 2) && ran(ID_NG(b), 2) && ran(ID_F(b), 2) &&
                  ran(ID_FG(b), 2);
    // T3 comes from another block: before T1 or after T2's predecessor, but
    // never overlapping another tail.
    const bool t3_serial = (after(ID_T3, ID_T1C) && after(ID_T3, ID_T1)) || after(ID_T1, ID_T3);
    const bool t3_serial2 = after(ID_T3, ID_T2) || after(ID_T2, ID_T3);

    printf("tail launch: parent of %d blocks, each with a NULL-stream and a fire-and-forget child "
           "(each with a grandchild); tails T1(->T1c), T2 from block 0, T3 from block 2\n",
           NBLOCKS);
    printf("device launch errors: %u\n", errors);
    fact("device launches succeeded", errors == 0);
    fact("every grid ran once with all its blocks", all_ran);
    fact("tails start after every parent block ended", after_parent);
    fact("tails start after every NULL-stream child and grandchild", after_null);
    fact("tails start after every fire-and-forget child and grandchild", after_faf);
    fact("T2 starts after T1", after(ID_T2, ID_T1));
    fact("T2 starts after T1's child T1c", after(ID_T2, ID_T1C));
    fact("T3 (other block) does not overlap T1 and its child", t3_serial);
    fact("T3 (other block) does not overlap T2", t3_serial2);
    return finish();
}
