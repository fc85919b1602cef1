// A kernel whose body (here through a device function) launches the kernel
// itself, and never waits at a barrier, registers as running its own
// children: its waves get spare workers that run the one-block records its
// blocks make ready (the live queue). A kernel that waits at a barrier and
// whose threads may leave the body apart (see
// barrier_kernel_goes_on_only_where_threads_leave_together.cu), or that
// launches only other kernels, registers without it; every entry leaves at
// once when the block has no record to run. Only the first kind's entry
// holds the code of spare workers (the template argument true). A kernel
// that never launches itself has no record of its own to go on with: its
// entry runs one record and leaves.
__global__ void leaf(int *out)
{
    out[threadIdx.x] = 1;
}

__global__ void walk(int *out, int depth);

__device__ void descend(int *out, int depth)
{
    if (depth > 0) walk<<<1, 32, 0, cudaStreamFireAndForget>>>(out, depth - 1);
}

__global__ void walk(int *out, int depth)
{
    if (threadIdx.x == 0) descend(out, depth);
}

__global__ void split(int *out, int depth)
{
    __shared__ int seen;
    seen = depth;
    __syncthreads();
    if (threadIdx.x != 0) return;
    if (seen > 0) split<<<1, 32>>>(out, depth - 1);
}

__global__ void fan_out(int *out)
{
    leaf<<<4, 32>>>(out);
}

int main()
{
    walk<<<1, 32>>>(nullptr, 3);
    split<<<1, 32>>>(nullptr, 3);
    fan_out<<<1, 1>>>(nullptr);
    return 0;
}
// CHECK: static __global__ void CDPL_ENTRY_BOUNDS cdpl_entry_leaf(cdpl_wave cdpl_w)
// CHECK: if (!cdpl_enter_block<false>(cdpl_w)) return;
// CHECK: cdpl_leave_block();
// CHECK: "leaf", (const void *)cdpl_entry_leaf, sizeof(cdpl_params_leaf), CDPL_KERNEL_LAUNCHES_NOTHING);
// CHECK: static __global__ void CDPL_ENTRY_BOUNDS cdpl_entry_walk(cdpl_wave cdpl_w)
// CHECK: if (!cdpl_enter_block<true, true>(cdpl_w, 0x
// CHECK: while (cdpl_leave_block_or_continue<true, true>()) {
// CHECK: "walk", (const void *)cdpl_entry_walk, sizeof(cdpl_params_walk), CDPL_KERNEL_RUNS_ITS_OWN_CHILDREN);
// CHECK: static __global__ void CDPL_ENTRY_BOUNDS cdpl_entry_split(cdpl_wave cdpl_w)
// CHECK: if (!cdpl_enter_block<false>(cdpl_w)) return;
// CHECK: cdpl_leave_block();
// CHECK: "split", (const void *)cdpl_entry_split, sizeof(cdpl_params_split), 0u);
// CHECK: "fan_out", (const void *)cdpl_entry_fan_out, sizeof(cdpl_params_fan_out), 0u);
