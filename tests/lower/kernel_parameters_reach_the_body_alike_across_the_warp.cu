// A runtime kernel's body gets its parameters through
// cdpl_uniform_params (rt/include/cdpl_entry.cuh): a small parameter struct
// is copied through a warp reduction, so that ptxas knows each parameter is
// the same across the warp, as it knows of a native kernel's, and puts no
// reconvergence points around the loops they bound. The entry of a plain
// kernel and the body of a kernel template's instantiation both read them
// so, whether the entry runs one record (scale never launches itself) or
// goes on with more (walk does: its first record runs before the loop that
// goes on with others, in a copy of its own, as ptxas keeps reconvergence
// points around the loops of a body inside that loop). The entry of a
// template reads its body's address in place: the body reads the parameters
// after it.
__global__ void scale(float *data, int n, int iters)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        for (int k = 0; k < iters; ++k) data[i] *= 0.5f;
}

template <typename T> __global__ void fill(T *data, int n, T value)
{
    for (int i = threadIdx.x; i < n; i += blockDim.x) data[i] = value;
}

__global__ void walk(float *data, int n, int depth)
{
    if (threadIdx.x == 0 && depth > 0) walk<<<1, 32, 0, cudaStreamFireAndForget>>>(data, n, depth - 1);
    if (threadIdx.x == 0) {
        scale<<<4, 32>>>(data, n, depth);
        fill<<<1, 32>>>(data, n, 1.0f);
    }
}

int main()
{
    walk<<<1, 32>>>(nullptr, 0, 3);
    return 0;
}
// CHECK: static __global__ void CDPL_ENTRY_BOUNDS cdpl_entry_scale(cdpl_wave cdpl_w)
// CHECK: if (!cdpl_enter_block<false>(cdpl_w)) return;
// CHECK: const cdpl_params_scale &cdpl_p = cdpl_uniform_block_params<cdpl_params_scale>();
// CHECK: scale(cdpl_p.p0, cdpl_p.p1, cdpl_p.p2);
// CHECK: cdpl_leave_block();
// CHECK: template <typename T> __device__ void cdpl_body_fill(const void *cdpl_raw)
// CHECK: const cdpl_params_fill<T> &cdpl_p = cdpl_uniform_params<cdpl_params_fill<T>>(cdpl_raw);
// CHECK: static __global__ void CDPL_ENTRY_BOUNDS cdpl_entry_walk(cdpl_wave cdpl_w)
// CHECK: const cdpl_params_walk &cdpl_p = cdpl_uniform_block_params<cdpl_params_walk>();
// CHECK: walk(cdpl_p.p0, cdpl_p.p1, cdpl_p.p2);
// CHECK: while (cdpl_leave_block_or_continue<true, true>()) {
// CHECK: const cdpl_params_walk &cdpl_p = cdpl_uniform_block_params<cdpl_params_walk>();
// CHECK: walk(cdpl_p.p0, cdpl_p.p1, cdpl_p.p2);
// CHECK-NOT: cdpl_block_params<cdpl_params_
