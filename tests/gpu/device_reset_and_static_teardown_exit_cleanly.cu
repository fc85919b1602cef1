// A program that resets the device between its trees and again just before
// main returns (CUDA's samples do: QT of the KLAP suite died with SIGSEGV at
// exit, its buffered stdout lost, as the runtime read its pinned memory after
// the reset had unmapped it), while a global object's destructor frees
// device memory after main. Each tree runs whole, in the context it is
// launched in, the last one without a synchronization before the reset; the
// program exits 0 with all its output, as natively.
#include "cdp_test.cuh"

#define CHILDREN 8
#define LEAF_THREADS 64

__global__ void leaf(int *out, int base)
{
    out[base + threadIdx.x] = base + threadIdx.x + 1;
}

// Its children launch nothing: the host launch returns once it has launched
// them, before they are done.
__global__ void parent(int *out)
{
    if (threadIdx.x < CHILDREN) leaf<<<1, LEAF_THREADS>>>(out, threadIdx.x * LEAF_THREADS);
}

// A global that owns device memory, freed when the program's globals are
// destroyed: after main, after the last reset.
struct DeviceBuffer {
    int *pointer = nullptr;
    ~DeviceBuffer()
    {
        if (pointer != nullptr) cudaFree(pointer);
    }
};
static DeviceBuffer g_buffer;

static int sum_of(const int *host)
{
    int sum = 0;
    for (int i = 0; i < CHILDREN * LEAF_THREADS; ++i) sum += host[i];
    return sum;
}

// One tree in the current context; true when every leaf wrote its values.
static bool run_tree(const char *what, bool synchronize)
{
    const size_t bytes = CHILDREN * LEAF_THREADS * sizeof(int);
    int *out = nullptr;
    CHECK(cudaMalloc(&out, bytes));
    CHECK(cudaMemset(out, 0, bytes));
    parent<<<1, 32>>>(out);
    CHECK(cudaGetLastError());
    if (!synchronize) return true; // the reset that follows comes first
    int host[CHILDREN * LEAF_THREADS];
    CHECK(cudaMemcpy(host, out, bytes, cudaMemcpyDeviceToHost));
    CHECK(cudaFree(out));
    const int n = CHILDREN * LEAF_THREADS;
    const bool ok = sum_of(host) == n * (n + 1) / 2;
    fact(what, ok);
    return ok;
}

int main()
{
    run_tree("first tree, first context", true);
    CHECK(cudaDeviceReset());
    run_tree("second tree, after a reset", true);
    run_tree("third tree, same context", true);
    CHECK(cudaMalloc(&g_buffer.pointer, 1024));
    CHECK(cudaDeviceReset());
    run_tree("fourth tree, after a second reset", true);
    run_tree("fifth tree, not waited for before the last reset", false);
    const int status = finish();
    CHECK(cudaDeviceReset());
    return status;
}
