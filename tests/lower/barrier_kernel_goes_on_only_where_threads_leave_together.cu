// A kernel that waits at block barriers and launches itself in one-block
// grids gets live launches (its entry goes on with another record when the
// body returns, after a barrier of the whole block) only where no thread
// can return from the body while others of its block go on: no return at
// all, or returns that the whole block takes alike (outside loops, under
// conditions on the kernel's unwritten parameters, const variables made
// from them, literals, blockDim). Elsewhere the entry runs one record: in
// return_in_loop, the threads that never enter the loop do not return; a
// struct parameter may change through a member; a goto may reach a return
// on some threads' path only. A return inside a lambda returns from the
// lambda only.
#define LEAF 4

__global__ void no_return(int *out, int depth)
{
    __shared__ int seen;
    seen = depth;
    __syncthreads();
    if (threadIdx.x == 0 && seen > 0) no_return<<<1, 32>>>(out, depth - 1);
}

__global__ void uniform_returns(int *out, int lo, int hi, int depth)
{
    __shared__ int total;
    const int n = hi - lo;
    if (n <= LEAF) return;
    if (depth >= 16 || blockDim.x < 32) return;
    total = 0;
    __syncthreads();
    atomicAdd(&total, out[lo + threadIdx.x % n]);
    __syncthreads();
    auto half = [](int size) {
        if (size < 2) return 1;
        return size / 2;
    };
    if (threadIdx.x == 0) uniform_returns<<<1, 32, 0, cudaStreamFireAndForget>>>(out, lo, lo + half(n), depth + 1);
}

__global__ void thread_returns(int *out, int depth)
{
    __shared__ int seen;
    seen = depth;
    __syncthreads();
    if (threadIdx.x != 0) return;
    if (seen > 0) thread_returns<<<1, 32>>>(out, depth - 1);
}

__global__ void written_parameter(int *out, int depth)
{
    __shared__ int seen;
    depth -= out[threadIdx.x];
    if (depth <= 0) return;
    seen = depth;
    __syncthreads();
    if (threadIdx.x == 0) written_parameter<<<1, 32>>>(out, seen - 1);
}

__global__ void return_in_loop(int *out, int depth)
{
    for (int i = threadIdx.x; i < depth; i += 32)
        if (depth == 3) return;
    __syncthreads();
    if (threadIdx.x == 0 && depth > 0) return_in_loop<<<1, 32>>>(out, depth - 1);
}

struct Range {
    int lo, hi;
};

__global__ void member_written(int *out, Range range)
{
    range.lo += threadIdx.x;
    if (range.lo >= range.hi) return;
    __syncthreads();
    if (threadIdx.x == 0) member_written<<<1, 32>>>(out, Range{range.lo + 1, range.hi});
}

__global__ void return_after_goto(int *out, int depth)
{
    if (threadIdx.x != 0) goto leave;
    if (depth > 0) return_after_goto<<<1, 32>>>(out, depth - 1);
    __syncthreads();
    return;
leave:
    return;
}

__global__ void many_blocks(int *out, int depth)
{
    __syncthreads();
    if (threadIdx.x == 0 && depth > 0) many_blocks<<<dim3(4, 1), 32>>>(out, depth - 1);
}

int main()
{
    no_return<<<1, 32>>>(nullptr, 3);
    uniform_returns<<<1, 32>>>(nullptr, 0, 64, 0);
    thread_returns<<<1, 32>>>(nullptr, 3);
    written_parameter<<<1, 32>>>(nullptr, 3);
    return_in_loop<<<1, 32>>>(nullptr, 3);
    member_written<<<1, 32>>>(nullptr, Range{0, 64});
    return_after_goto<<<1, 32>>>(nullptr, 3);
    many_blocks<<<1, 32>>>(nullptr, 3);
    return 0;
}
// CHECK: static __global__ void CDPL_ENTRY_BOUNDS cdpl_entry_no_return(cdpl_wave cdpl_w)
// CHECK: if (!cdpl_enter_block<true>(cdpl_w, 0x
// CHECK: while (cdpl_leave_block_or_continue<true>()) {
// CHECK: "no_return", (const void *)cdpl_entry_no_return, sizeof(cdpl_params_no_return), CDPL_KERNEL_RUNS_ITS_OWN_CHILDREN);
// CHECK: static __global__ void CDPL_ENTRY_BOUNDS cdpl_entry_uniform_returns(cdpl_wave cdpl_w)
// CHECK: if (!cdpl_enter_block<true, true>(cdpl_w, 0x
// CHECK: while (cdpl_leave_block_or_continue<true, true>()) {
// CHECK: CDPL_KERNEL_RUNS_ITS_OWN_CHILDREN);
// CHECK: static __global__ void CDPL_ENTRY_BOUNDS cdpl_entry_thread_returns(cdpl_wave cdpl_w)
// CHECK: if (!cdpl_enter_block<false>(cdpl_w)) return;
// CHECK: cdpl_leave_block();
// CHECK: "thread_returns", (const void *)cdpl_entry_thread_returns, sizeof(cdpl_params_thread_returns), 0u);
// CHECK: static __global__ void CDPL_ENTRY_BOUNDS cdpl_entry_written_parameter(cdpl_wave cdpl_w)
// CHECK: if (!cdpl_enter_block<false>(cdpl_w)) return;
// CHECK: sizeof(cdpl_params_written_parameter), 0u);
// CHECK: static __global__ void CDPL_ENTRY_BOUNDS cdpl_entry_return_in_loop(cdpl_wave cdpl_w)
// CHECK: if (!cdpl_enter_block<false>(cdpl_w)) return;
// CHECK: sizeof(cdpl_params_return_in_loop), 0u);
// CHECK: static __global__ void CDPL_ENTRY_BOUNDS cdpl_entry_member_written(cdpl_wave cdpl_w)
// CHECK: if (!cdpl_enter_block<false>(cdpl_w)) return;
// CHECK: sizeof(cdpl_params_member_written), 0u);
// CHECK: static __global__ void CDPL_ENTRY_BOUNDS cdpl_entry_return_after_goto(cdpl_wave cdpl_w)
// CHECK: if (!cdpl_enter_block<false>(cdpl_w)) return;
// CHECK: sizeof(cdpl_params_return_after_goto), 0u);
// CHECK: static __global__ void CDPL_ENTRY_BOUNDS cdpl_entry_many_blocks(cdpl_wave cdpl_w)
// CHECK: if (!cdpl_enter_block<false>(cdpl_w)) return;
// CHECK: sizeof(cdpl_params_many_blocks), 0u);
