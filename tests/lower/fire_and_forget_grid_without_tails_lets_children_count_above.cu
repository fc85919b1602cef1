// A kernel that some device launch starts fire-and-forget, and whose body
// (with every device function it reaches) makes no tail launch, no launch
// into a named stream, and no device stream, event or copy, is seen complete
// by nothing but its parent's count: its entry tells the runtime so (the
// second template argument of cdpl_enter_block and
// cdpl_leave_block_or_continue), and the runtime lets its children count
// above it (cdpl_set_children_count_in). A kernel that tail-launches,
// names a stream, records an event, calls what the analysis cannot follow,
// or is never launched fire-and-forget does not; nor does one that launches
// nothing, whose entry never needs it.
__global__ void leaf(int *out)
{
    out[threadIdx.x] = 1;
}

__global__ void tree(int *out, int depth)
{
    if (threadIdx.x == 0 && depth > 0) {
        tree<<<1, 32, 0, cudaStreamFireAndForget>>>(out, depth - 1);
        tree<<<1, 32, 0, cudaStreamFireAndForget>>>(out, depth - 1);
        leaf<<<1, 32>>>(out);
    }
}

__global__ void spawns_leaves(int *out)
{
    leaf<<<1, 32, 0, cudaStreamFireAndForget>>>(out);
}

__global__ void with_tail(int *out, int depth)
{
    if (threadIdx.x == 0 && depth > 0) {
        with_tail<<<1, 32, 0, cudaStreamFireAndForget>>>(out, depth - 1);
        leaf<<<1, 32, 0, cudaStreamTailLaunch>>>(out);
    }
}

__global__ void with_named_stream(int *out, int depth)
{
    if (threadIdx.x == 0 && depth > 0) {
        cudaStream_t s;
        cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
        with_named_stream<<<1, 32, 0, cudaStreamFireAndForget>>>(out, depth - 1);
        leaf<<<1, 32, 0, s>>>(out);
        cudaStreamDestroy(s);
    }
}

__global__ void null_stream_only(int *out, int depth)
{
    if (threadIdx.x == 0 && depth > 0) null_stream_only<<<1, 32>>>(out, depth - 1);
}

__global__ void through_pointer(int *out, int depth, void (*hook)(int *))
{
    hook(out);
    if (threadIdx.x == 0 && depth > 0)
        through_pointer<<<1, 32, 0, cudaStreamFireAndForget>>>(out, depth - 1, hook);
}

__global__ void root(int *out)
{
    spawns_leaves<<<1, 1, 0, cudaStreamFireAndForget>>>(out);
}

int main()
{
    tree<<<1, 32>>>(nullptr, 3);
    root<<<1, 1>>>(nullptr);
    with_tail<<<1, 32>>>(nullptr, 3);
    with_named_stream<<<1, 32>>>(nullptr, 3);
    null_stream_only<<<1, 32>>>(nullptr, 3);
    through_pointer<<<1, 32>>>(nullptr, 3, nullptr);
    return 0;
}
// The ids are the FNV-1a hashes of the kernels' USRs.
// CHECK: static __global__ void CDPL_ENTRY_BOUNDS cdpl_entry_leaf(cdpl_wave cdpl_w)
// CHECK: if (!cdpl_enter_block<false>(cdpl_w)) return;
// CHECK: static __global__ void CDPL_ENTRY_BOUNDS cdpl_entry_tree(cdpl_wave cdpl_w)
// CHECK: if (!cdpl_enter_block<true, true>(cdpl_w, 0xe9e31583u)) return;
// CHECK: while (cdpl_leave_block_or_continue<true, true>()) {
// CHECK: static __global__ void CDPL_ENTRY_BOUNDS cdpl_entry_spawns_leaves(cdpl_wave cdpl_w)
// CHECK: if (!cdpl_enter_block<false, true>(cdpl_w)) return;
// CHECK: static __global__ void CDPL_ENTRY_BOUNDS cdpl_entry_with_tail(cdpl_wave cdpl_w)
// CHECK: if (!cdpl_enter_block<true>(cdpl_w, 0xfc950478u)) return;
// CHECK: while (cdpl_leave_block_or_continue<true>()) {
// CHECK: static __global__ void CDPL_ENTRY_BOUNDS cdpl_entry_with_named_stream(cdpl_wave cdpl_w)
// CHECK: if (!cdpl_enter_block<true>(cdpl_w, 0x16498278u)) return;
// CHECK: static __global__ void CDPL_ENTRY_BOUNDS cdpl_entry_null_stream_only(cdpl_wave cdpl_w)
// CHECK: if (!cdpl_enter_block<true>(cdpl_w, 0xc573a382u)) return;
// CHECK: static __global__ void CDPL_ENTRY_BOUNDS cdpl_entry_through_pointer(cdpl_wave cdpl_w)
// CHECK: if (!cdpl_enter_block<true>(cdpl_w, 0x58e28315u)) return;
// CHECK: static __global__ void CDPL_ENTRY_BOUNDS cdpl_entry_root(cdpl_wave cdpl_w)
// CHECK: if (!cdpl_enter_block<false>(cdpl_w)) return;
