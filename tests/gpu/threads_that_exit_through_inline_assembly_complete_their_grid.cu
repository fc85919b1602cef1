// threads_that_exit_through_inline_assembly_complete_their_grid.cu: threads
// that leave through PTX `exit` (`asm("exit;")`) rather than by returning.
// SMSM's subgraph-matching kernel relaunches its remaining work
// fire-and-forget, then its whole block exits so. A lowered thread that
// exited without counting out of its block left its grid never complete:
// nothing behind it in a stream ran, and the tree never ended. Each of its
// threads now counts out first (cdpl_exit_thread).
// Build: nvcc -rdc=true -arch=sm_90 -O2 threads_that_exit_through_inline_assembly_complete_their_grid.cu -lcudadevrt
#include "cdp_test.cuh"

#define DEPTH 6
#define THREADS 64

__device__ unsigned int g_visits[DEPTH + 1];
__device__ unsigned int g_marks[2 * THREADS];
__device__ unsigned int g_seen_by_successor;
__device__ unsigned int g_native_marks;

__device__ void count_launch_error()
{
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
}

// Leaves the thread for good, from a function the kernels call.
__device__ void leave_for_good() { asm("exit;"); }

// As SMSM: thread 0 relaunches the rest of the work, then every thread of
// the block exits.
__global__ void relaunch_then_exit(int depth)
{
    atomicAdd(&g_visits[depth], 1u);
    if (depth < DEPTH) {
        __syncthreads();
        if (threadIdx.x == 0) {
            relaunch_then_exit<<<2, THREADS, 0, cudaStreamFireAndForget>>>(depth + 1);
            count_launch_error();
        }
        asm("exit;");
    }
}

// Odd threads exit half way, from a device function; even ones go on and
// mark their slot. The grid is complete once both have left.
__global__ void half_exit()
{
    const unsigned int slot = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x % 2 == 1) leave_for_good();
    atomicAdd(&g_marks[slot], 1u);
}

// Runs after half_exit in the same NULL stream: only once every thread of it
// has left, so it sees every mark of the even threads.
__global__ void successor()
{
    unsigned int seen = 0;
    for (unsigned int slot = 0; slot < 2 * THREADS; slot += 2) seen += g_marks[slot];
    g_seen_by_successor = seen;
}

__global__ void chain_parent()
{
    half_exit<<<2, THREADS>>>();
    count_launch_error();
    successor<<<1, 1>>>();
    count_launch_error();
}

// A kernel the host launches natively, that reaches the same exit.
__global__ void native_exit()
{
    if (threadIdx.x >= 16) leave_for_good();
    atomicAdd(&g_native_marks, 1u);
}

int main()
{
    relaunch_then_exit<<<1, THREADS>>>(0);
    CHECK(cudaGetLastError());
    chain_parent<<<1, 1>>>();
    CHECK(cudaGetLastError());
    native_exit<<<1, 64>>>();
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());

    unsigned int visits[DEPTH + 1], marks[2 * THREADS], seen = 0, native_marks = 0, errors = 0;
    CHECK(cudaMemcpyFromSymbol(visits, g_visits, sizeof visits));
    CHECK(cudaMemcpyFromSymbol(marks, g_marks, sizeof marks));
    CHECK(cudaMemcpyFromSymbol(&seen, g_seen_by_successor, sizeof seen));
    CHECK(cudaMemcpyFromSymbol(&native_marks, g_native_marks, sizeof native_marks));
    CHECK(cudaMemcpyFromSymbol(&errors, g_launch_errors, sizeof errors));
    bool ok = errors == 0;
    for (int d = 0; d <= DEPTH; ++d) {
        printf("depth %d: %u threads\n", d, visits[d]);
        ok = ok && visits[d] == (unsigned int)(THREADS << d);
    }
    unsigned int even = 0, odd = 0;
    for (int slot = 0; slot < 2 * THREADS; ++slot) (slot % 2 == 0 ? even : odd) += marks[slot];
    printf("half_exit: %u even marks, %u odd marks; its successor saw %u\n", even, odd, seen);
    printf("native_exit: %u marks\n", native_marks);
    ok = ok && even == THREADS && odd == 0 && seen == THREADS && native_marks == 16;
    printf("RESULT: %s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
