// main.cu: the kernels_across_files program, a CDP2 test for cdp-lower of
// one program in five files, each lowered on its own (kernels.cuh says what
// each holds): a kernel defined in one file and launched from device code
// in another, whether or not its own file was lowered; the host side of a
// third file asking about it (cudaFuncGetAttributes, the occupancy
// calculator) and launching it (<<<>>>, cudaLaunchKernel); and a file that
// needed no lowering launching it from the host.
// Build: nvcc -rdc=true -arch=sm_90 main.cu tree.cu mark.cu leaf.cu host_launch.cu -lcudadevrt
#include "../cdp_test.cuh"
#include "kernels.cuh"

#define DEPTH 5
#define SLOTS 32

// What one tree of DEPTH levels adds: level d has 2^(DEPTH-d) nodes, each
// marking slot d twice; the 2^DEPTH last-level nodes add two tail leaves
// each to slot 31.
static bool tree_sums_are_right(const unsigned int *sums)
{
    for (unsigned int d = 0; d <= DEPTH; ++d)
        if (sums[d] != 2u * (1u << (DEPTH - d))) return false;
    return sums[31] == 2u * (1u << DEPTH);
}

static bool run(const char *what, void (*launch)(unsigned int *))
{
    unsigned int *sums = nullptr, host[SLOTS];
    CHECK(cudaMalloc(&sums, sizeof host));
    CHECK(cudaMemset(sums, 0, sizeof host));
    launch(sums);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(host, sums, sizeof host, cudaMemcpyDeviceToHost));
    CHECK(cudaFree(sums));
    const bool ok = tree_sums_are_right(host);
    fact(what, ok);
    return ok;
}

static void launch_with_chevrons(unsigned int *sums)
{
    tree<<<1, 64>>>(sums, DEPTH);
    CHECK(cudaGetLastError());
}

static void launch_with_cuda_launch_kernel(unsigned int *sums)
{
    unsigned int depth = DEPTH;
    void *args[] = {&sums, &depth};
    CHECK(cudaLaunchKernel((const void *)tree, dim3(1), dim3(64), args, 0, 0));
}

static void launch_from_host_launch_cu(unsigned int *sums) { launch_tree_from_a_file_without_lowering(sums, DEPTH); }

int main()
{
    cudaFuncAttributes attributes;
    const cudaError_t asked = cudaFuncGetAttributes(&attributes, tree);
    fact("cudaFuncGetAttributes(tree) succeeds", asked == cudaSuccess);
    fact("tree takes blocks of 1024 threads", asked == cudaSuccess && attributes.maxThreadsPerBlock == 1024);
    int blocks = 0;
    const cudaError_t occupancy = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, tree, 256, 0);
    fact("occupancy of tree with 256 threads is known", occupancy == cudaSuccess && blocks > 0);
    run("tree launched with <<<>>> from main.cu", launch_with_chevrons);
    run("tree launched with cudaLaunchKernel from main.cu", launch_with_cuda_launch_kernel);
    run("tree launched with <<<>>> from host_launch.cu", launch_from_host_launch_cu);
    return finish();
}
