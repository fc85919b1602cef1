// host_launch_returns_before_a_last_wave_of_leaves.cu: CDP2 semantic test for cdp-lower (see the rule below).
// Prints only schedule-independent facts; the order of grids is recorded
// with global atomic tickets and only orders that CDP2 guarantees are checked.
// Build: nvcc -rdc=true -arch=sm_90 -O2 host_launch_returns_before_a_last_wave_of_leaves.cu -o t -lcudadevrt
#include "cdp_test.cuh"

#include <chrono>

// Rule 12, and host launches being asynchronous: a host launch returns
// before its tree is complete; what follows it in its stream runs after the
// whole tree; a host launch into another stream runs its own tree whole.
// The lowered runtime returns once it has launched a tree's last wave, when
// it knows that wave to be the last (its kernels launch nothing and no
// launch is left pending), so here, where the tree's last grid is a tail
// launch that spins for about 50 ms, the host launch must return before it
// ends; a copy queued behind the launch must see that grid's write; and a
// tree launched right after into a second stream must run whole, the first
// one too. The last grid sets a flag in pinned host memory when it ends,
// which the host reads as soon as the launch returns: a limit on the
// launch's time would not hold under compute-sanitizer.
#define K_ROOT(t) ((t) * 4 + 0)
#define K_CHILD(t) ((t) * 4 + 1)
#define K_TAIL(t) ((t) * 4 + 2)
#define LAST_SPIN 100000000LL   // about 50 ms of clock64 cycles

__device__ unsigned int g_last_write[2];

__device__ void count_launch_error()
{
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
}

__global__ void leaf(int id, long long cycles)
{
    grid_begin(id);
    spin(cycles);
    grid_end(id);
}

// `ended`: pinned host memory, which the host reads right after the launch.
__global__ void last(int id, int tree, long long cycles, volatile unsigned int *ended)
{
    grid_begin(id);
    spin(cycles);
    if (is_thread0()) {
        g_last_write[tree] = 1000u + (unsigned int)tree;
        __threadfence_system();
        *ended = 1u;
    }
    grid_end(id);
}

__global__ void root(int tree, long long last_cycles, volatile unsigned int *ended)
{
    grid_begin(K_ROOT(tree));
    if (threadIdx.x == 0) {
        leaf<<<2, 32, 0, cudaStreamFireAndForget>>>(K_CHILD(tree), SHORT_SPIN);
        count_launch_error();
        last<<<1, 32, 0, cudaStreamTailLaunch>>>(K_TAIL(tree), tree, last_cycles, ended);
        count_launch_error();
    }
    grid_end(K_ROOT(tree));
}

int main()
{
    init_host_spans();
    unsigned int *ended = nullptr, *seen = nullptr;
    CHECK(cudaMallocHost(&ended, 2 * sizeof(unsigned int)));
    CHECK(cudaMallocHost(&seen, sizeof(unsigned int)));
    // A first launch starts either runtime (and the lowered one's queue).
    root<<<1, 32>>>(0, 0, ended);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    init_host_spans();
    cudaStream_t first, second;
    CHECK(cudaStreamCreateWithFlags(&first, cudaStreamNonBlocking));
    CHECK(cudaStreamCreateWithFlags(&second, cudaStreamNonBlocking));
    ended[0] = ended[1] = 0u;
    *seen = 0;

    const auto t0 = std::chrono::steady_clock::now();
    root<<<1, 32, 0, first>>>(0, LAST_SPIN, ended);
    const unsigned int ended_at_return = *(volatile unsigned int *)ended;
    const auto t1 = std::chrono::steady_clock::now();
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpyFromSymbolAsync(seen, g_last_write, sizeof(unsigned int), 0, cudaMemcpyDeviceToHost, first));
    root<<<1, 32, 0, second>>>(1, SHORT_SPIN, ended + 1);
    CHECK(cudaGetLastError());
    CHECK(cudaStreamSynchronize(first));
    const unsigned int seen_after_first = *seen;
    CHECK(cudaDeviceSynchronize());
    const double launch_ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
    fprintf(stderr, "time_ms: %.3f\n", launch_ms);

    const unsigned int errors = read_spans();
    fact("no launch failed", errors == 0);
    fact("the host launch returned before its tree's last grid ended", ended_at_return == 0u);
    fact("a copy queued behind the launch saw the last grid's write", seen_after_first == 1000u);
    for (int tree = 0; tree < 2; ++tree) {
        printf("tree %d (stream %s):\n", tree, tree == 0 ? "first" : "second");
        fact("  its root, child and tail each ran whole",
             ran(K_ROOT(tree), 1) && ran(K_CHILD(tree), 2) && ran(K_TAIL(tree), 1));
        fact("  its tail started after the root and the child ended",
             after(K_TAIL(tree), K_ROOT(tree)) && after(K_TAIL(tree), K_CHILD(tree)));
    }
    CHECK(cudaFreeHost(seen));
    CHECK(cudaFreeHost(ended));
    CHECK(cudaStreamDestroy(first));
    CHECK(cudaStreamDestroy(second));
    return finish();
}
