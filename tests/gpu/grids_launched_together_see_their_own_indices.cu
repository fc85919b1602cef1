// grids_launched_together_see_their_own_indices.cu: CDP2 semantic test for cdp-lower.
// Build: nvcc -rdc=true -arch=sm_90 -O2 grids_launched_together_see_their_own_indices.cu -o t -lcudadevrt
//
// Rule 3 (a child grid has the configuration it was launched with): each
// block of each child sees its own blockIdx and its grid's gridDim, once.
// The children are launched together, so that the lowering runs those of
// one kernel and block shape in one launch, whose blocks find their grids
// in one of three ways (cdpl_begin_planned_block):
//   - block 32: four 3-D grids of one shape (3 x 2 x 2);
//   - block 64: four grids of 8 blocks each, of four shapes;
//   - block 96: grids of 1, 3, 2 and 2 blocks, 2 on average: not all of one
//     size, whatever order they are queued in;
//   - block 128: four one-block grids;
//   - block 160: four 1-D grids of 300 blocks.
// The host launches the parent twice, so that the second time the lowering
// may launch the children's groups before it has planned them.
#include "cdp_test.cuh"

#include <cstring>

__device__ void count_launch_error()
{
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
}

#define LAUNCHES 20
#define MAX_BLOCKS 300

struct Shape {
    unsigned int block, x, y, z;
};

#define SHAPES                                                                    \
    {                                                                             \
        {32, 3, 2, 2},    {32, 3, 2, 2},    {32, 3, 2, 2},    {32, 3, 2, 2},    \
        {64, 4, 2, 1},    {64, 2, 2, 2},    {64, 8, 1, 1},    {64, 1, 1, 8},    \
        {96, 1, 1, 1},    {96, 3, 1, 1},    {96, 1, 2, 1},    {96, 1, 1, 2},    \
        {128, 1, 1, 1},   {128, 1, 1, 1},   {128, 1, 1, 1},   {128, 1, 1, 1},   \
        {160, 300, 1, 1}, {160, 300, 1, 1}, {160, 300, 1, 1}, {160, 300, 1, 1}, \
    }
__constant__ Shape c_shapes[LAUNCHES] = SHAPES;

__device__ unsigned int g_visits[LAUNCHES][MAX_BLOCKS];
__device__ unsigned int g_wrong;

__global__ void child(int id, unsigned int x, unsigned int y, unsigned int z)
{
    if (threadIdx.x != 0) return;
    const bool grid_ok = gridDim.x == x && gridDim.y == y && gridDim.z == z;
    const bool index_ok = blockIdx.x < x && blockIdx.y < y && blockIdx.z < z;
    if (!grid_ok || !index_ok) {
        atomicAdd(&g_wrong, 1u);
        return;
    }
    atomicAdd(&g_visits[id][blockIdx.x + x * (blockIdx.y + y * blockIdx.z)], 1u);
}

__global__ void parent()
{
    const int id = threadIdx.x;
    const Shape s = c_shapes[id];
    child<<<dim3(s.x, s.y, s.z), s.block, 0, cudaStreamFireAndForget>>>(id, s.x, s.y, s.z);
    count_launch_error();
}

int main()
{
    static const Shape shapes[LAUNCHES] = SHAPES;
    const Timer timer = timer_start();
    bool once[2] = {false, false};
    unsigned int wrong[2] = {0, 0};
    for (int run = 0; run < 2; ++run) {
        static unsigned int visits[LAUNCHES][MAX_BLOCKS];
        memset(visits, 0, sizeof visits);
        CHECK(cudaMemcpyToSymbol(g_visits, visits, sizeof visits));
        CHECK(cudaMemcpyToSymbol(g_wrong, &wrong[run], sizeof wrong[run]));
        parent<<<1, LAUNCHES>>>();
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaMemcpyFromSymbol(visits, g_visits, sizeof visits));
        CHECK(cudaMemcpyFromSymbol(&wrong[run], g_wrong, sizeof wrong[run]));
        once[run] = true;
        for (int id = 0; id < LAUNCHES; ++id) {
            const unsigned int blocks = shapes[id].x * shapes[id].y * shapes[id].z;
            for (unsigned int b = 0; b < MAX_BLOCKS; ++b)
                if (visits[id][b] != (b < blocks ? 1u : 0u)) once[run] = false;
        }
    }
    timer_stop(timer);

    unsigned int errors = 0;
    CHECK(cudaMemcpyFromSymbol(&errors, g_launch_errors, sizeof errors));
    printf("blocks with a wrong gridDim or blockIdx: %u, %u\n", wrong[0], wrong[1]);
    fact("device launches succeeded", errors == 0);
    fact("first launch: every block saw its own grid and index", wrong[0] == 0);
    fact("first launch: every block of every child ran once", once[0]);
    fact("second launch: every block saw its own grid and index", wrong[1] == 0);
    fact("second launch: every block of every child ran once", once[1]);
    return finish();
}
