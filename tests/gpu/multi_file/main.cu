// main.cu: the multi_file program, a CDP2 test for cdp-lower of one program
// in three files, each lowered on its own (issue 5): main.cu, left/walk.cu
// and right/walk.cu. Every file has its own device-launched `walk` and
// `leaf` kernels of internal linkage (static or in an anonymous namespace),
// of the same names and signatures; left/walk.cu and right/walk.cu even
// have the same file name. If their kernel ids collided, a launch would run
// another file's kernel and a sum would come out wrong. Both walk.cu files
// also launch instantiations of one kernel template of the shared header from
// device code: each file's entry for it must call that file's bodies.
// Build: nvcc -rdc=true -arch=sm_90 -O2 main.cu left/walk.cu right/walk.cu -o multi_file -lcudadevrt
#include "../cdp_test.cuh"
#include "multi_file.cuh"

static __global__ void leaf(unsigned int *sum, unsigned int value)
{
    if (threadIdx.x == 0) atomicAdd(sum, value * 1000000u);
}

namespace {
// A chain of single-block grids whose last one launches two leaf blocks.
__global__ void walk(unsigned int *sum, unsigned int depth)
{
    if (threadIdx.x != 0) return;
    if (depth == 0)
        leaf<<<2, 32>>>(sum, 1u);
    else
        walk<<<1, 32>>>(sum, depth - 1);
}
}  // namespace

static unsigned int main_walk_sum(unsigned int depth)
{
    unsigned int *sum = nullptr, result = 0;
    CHECK(cudaMalloc(&sum, sizeof *sum));
    CHECK(cudaMemset(sum, 0, sizeof *sum));
    const Timer timer = timer_start();
    walk<<<1, 32>>>(sum, depth);
    CHECK(cudaGetLastError());
    timer_stop(timer);
    CHECK(cudaMemcpy(&result, sum, sizeof result, cudaMemcpyDeviceToHost));
    CHECK(cudaFree(sum));
    return result;
}

static void report(const char *tree, unsigned int sum, unsigned int expected)
{
    printf("%s: %u\n", tree, sum);
    fact(tree, sum == expected);
}

int main()
{
    report("main.cu walk, 5 levels", main_walk_sum(5), 2000000u);
    report("left/walk.cu walk, 4 levels", left_walk_sum(4), 16u);
    report("right/walk.cu walk, 3 levels", right_walk_sum(3), 27000u);
    report("main.cu walk again", main_walk_sum(1), 2000000u);
    report("left/walk.cu count_down<3> of the shared header", left_count_down_sum(), 6u);
    report("right/walk.cu count_down<4> of the shared header", right_count_down_sum(), 10u);
    return finish();
}
