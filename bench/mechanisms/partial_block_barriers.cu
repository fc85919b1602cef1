// A block launched with more threads than the work it runs needs, whose
// extra threads return at once (whole warps, and part of a warp): do the
// __syncthreads() of the others still meet (no hang, the right sums)? A
// drain on the GPU (issue 44) whose kernel nodes have a fixed block size
// would run smaller blocks so. docs/design.md, "Toward a drain on the GPU".
#include <cstdio>
__global__ void body(unsigned active, unsigned *out)
{
    __shared__ unsigned values[1024];
    if (threadIdx.x >= active) return;
    unsigned v = threadIdx.x + 1;
    for (int round = 0; round < 20; ++round) {
        values[threadIdx.x] = v;
        __syncthreads();
        v = values[threadIdx.x] + values[(threadIdx.x + 1) % active];
        __syncthreads();
    }
    if (threadIdx.x == 0) *out = v;
}
static unsigned reference(unsigned active)
{
    unsigned v[1024], w[1024];
    for (unsigned t = 0; t < active; ++t) v[t] = t + 1;
    for (int round = 0; round < 20; ++round) { for (unsigned t = 0; t < active; ++t) w[t] = v[t] + v[(t + 1) % active]; for (unsigned t = 0; t < active; ++t) v[t] = w[t]; }
    return v[0];
}
int main()
{
    unsigned *out; cudaMalloc(&out, sizeof(unsigned));
    unsigned cases[][2] = {{128, 64}, {128, 100}, {1024, 32}, {1024, 33}, {1024, 1000}, {256, 1}};
    for (auto &c : cases) {
        cudaMemset(out, 0, sizeof(unsigned));
        body<<<1, c[0]>>>(c[1], out);
        cudaError_t e = cudaDeviceSynchronize();
        unsigned got = 0; cudaMemcpy(&got, out, sizeof got, cudaMemcpyDeviceToHost);
        printf("block %u, %u active: %s (%u vs %u) %s\n", c[0], c[1], got == reference(c[1]) ? "ok" : "WRONG", got, reference(c[1]), cudaGetErrorName(e));
    }
    return 0;
}
