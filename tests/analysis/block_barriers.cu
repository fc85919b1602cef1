// Which functions may wait at a block-wide barrier: directly, through a
// device function, through a cooperative-groups style sync(), or through code cdp-lower
// cannot see (inline assembly). Launches, atomics and the device runtime API
// are not barriers. Calls into a user header are looked into.
#include "block_barriers_header.cuh"

// Shaped like cooperative groups' thread_block (whose header clang 19 cannot
// parse with CUDA 13): a member named sync is a barrier.
struct thread_block_like {
    __device__ void sync() const {}
};

__device__ void helper_with_barrier() { __syncthreads(); }
__device__ int helper_without_barrier(int x) { return atomicAdd(&x, 1); }

__global__ void leaf(int *p) { p[threadIdx.x] = helper_without_barrier(threadIdx.x); }

__global__ void launcher(int *p)
{
    leaf<<<1, 32>>>(p);
    cudaGetLastError();
    printf("%d\n", p[0]);
}

__global__ void direct(int *p) { __syncthreads(); leaf<<<1, 32>>>(p); }
__global__ void counted(int *p) { if (__syncthreads_count(p[0])) leaf<<<1, 32>>>(p); }
__global__ void indirect(int *p) { helper_with_barrier(); leaf<<<1, 32>>>(p); }
__global__ void grouped(int *p) { thread_block_like().sync(); leaf<<<1, 32>>>(p); }
__global__ void assembly(int *p) { asm volatile("bar.sync 0;"); leaf<<<1, 32>>>(p); }
__global__ void through_header(int *p) { header_barrier(); leaf<<<1, 32>>>(p); }
__global__ void header_without_barrier(int *p) { p[0] = header_sum(p[0]); leaf<<<1, 32>>>(p); }

// CHECK: function helper_with_barrier side=device
// CHECK: waits_at_barrier=1
// CHECK: function helper_without_barrier side=device
// CHECK: waits_at_barrier=0
// CHECK: function leaf side=kernel
// CHECK: waits_at_barrier=0
// CHECK: function launcher side=kernel
// CHECK: waits_at_barrier=0
// CHECK: function direct side=kernel
// CHECK: waits_at_barrier=1
// CHECK: function counted side=kernel
// CHECK: waits_at_barrier=1
// CHECK: function indirect side=kernel
// CHECK: waits_at_barrier=1
// CHECK: function grouped side=kernel
// CHECK: waits_at_barrier=1
// CHECK: function assembly side=kernel
// CHECK: waits_at_barrier=1
// CHECK: function through_header side=kernel
// CHECK: waits_at_barrier=1
// CHECK: function header_without_barrier side=kernel
// CHECK: waits_at_barrier=0
