// fire_and_forget_subtrees_complete_before_what_waits_for_them.cu: CDP2 semantic test for cdp-lower (see the rule below).
// Prints only schedule-independent facts; the order of grids is recorded
// with global atomic tickets and only orders that CDP2 guarantees are checked.
// Build: nvcc -rdc=true -arch=sm_90 -O2 fire_and_forget_subtrees_complete_before_what_waits_for_them.cu -o fire_and_forget_subtrees_complete_before_what_waits_for_them -lcudadevrt
#include "cdp_test.cuh"

__device__ void count_launch_error()
{
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
}

// Rules 8, 9 and 12: a grid is complete only once its whole subtree is, so
// what waits for a grid (its successor in a stream, its tail, the host)
// starts after every fire-and-forget descendant, however deep. The trees here
// are of a kernel that makes no tail launch, stream or event, and is
// launched fire-and-forget: cdp-lower lets the children of such a grid count
// in a grid a few levels up (cdpl_set_children_count_in), so these trees are
// deeper than those levels, and hang below three kinds of grid that see
// their completion: a host launch (its tail waits), a NULL-stream child (its
// successor waits) and a fire-and-forget grid with a tail (the tail waits).
#define ID_ROOT 0
#define ID_MID 1          // the root's NULL-stream child, above tree 1
#define ID_AFTER_MID 2    // the root's next NULL-stream child
#define ID_ROOT_TAIL 3
#define ID_TAILED 4       // launched fire-and-forget from inside tree 0, above tree 2
#define ID_TAILED_TAIL 5
#define TREES 3
#define TREE_THREADS 32

__device__ unsigned int g_nodes[TREES];        // nodes ended, per tree
__device__ unsigned int g_last_end[TREES];     // the latest ticket a node took as it ended
__device__ unsigned int g_seen_by_root_tail[TREES];
__device__ unsigned int g_seen_by_after_mid;
__device__ unsigned int g_seen_by_tailed_tail;

// Deeper than CDPL_COUNT_HOPS_MAX + 1 (8 + 1): some nodes count in a grid of
// their own tree, which counts further up in turn.
__host__ __device__ constexpr int tree_depth(int tree) { return tree == 2 ? 10 : 11; }
__host__ __device__ constexpr unsigned int tree_nodes(int tree) { return (1u << tree_depth(tree)) - 1u; }

__global__ void tailed();

// Node `id` (heap numbering from 1) of tree `tree`.
__global__ void node(int tree, unsigned int id, int depth)
{
    if (threadIdx.x != 0) return;
    if (depth + 1 < tree_depth(tree)) {
        node<<<1, TREE_THREADS, 0, cudaStreamFireAndForget>>>(tree, 2u * id, depth + 1);
        count_launch_error();
        node<<<1, TREE_THREADS, 0, cudaStreamFireAndForget>>>(tree, 2u * id + 1u, depth + 1);
        count_launch_error();
    }
    if (tree == 0 && id == 8u) {
        tailed<<<1, TREE_THREADS, 0, cudaStreamFireAndForget>>>();
        count_launch_error();
    }
    spin(SHORT_SPIN / 16);
    __threadfence();
    atomicMax(&g_last_end[tree], atomicAdd(&g_ticket, 1u));
    atomicAdd(&g_nodes[tree], 1u);
}

__global__ void tailed_tail()
{
    grid_begin(ID_TAILED_TAIL);
    if (is_thread0()) g_seen_by_tailed_tail = atomicAdd(&g_nodes[2], 0u);
    grid_end(ID_TAILED_TAIL);
}

__global__ void tailed()
{
    grid_begin(ID_TAILED);
    if (is_thread0()) {
        tailed_tail<<<1, 32, 0, cudaStreamTailLaunch>>>();
        count_launch_error();
        node<<<1, TREE_THREADS, 0, cudaStreamFireAndForget>>>(2, 1u, 0);
        count_launch_error();
    }
    grid_end(ID_TAILED);
}

__global__ void mid()
{
    grid_begin(ID_MID);
    if (is_thread0()) {
        node<<<1, TREE_THREADS, 0, cudaStreamFireAndForget>>>(1, 1u, 0);
        count_launch_error();
    }
    grid_end(ID_MID);
}

__global__ void after_mid()
{
    grid_begin(ID_AFTER_MID);
    if (is_thread0()) g_seen_by_after_mid = atomicAdd(&g_nodes[1], 0u);
    grid_end(ID_AFTER_MID);
}

__global__ void root_tail()
{
    grid_begin(ID_ROOT_TAIL);
    if (is_thread0())
        for (int t = 0; t < TREES; ++t) g_seen_by_root_tail[t] = atomicAdd(&g_nodes[t], 0u);
    grid_end(ID_ROOT_TAIL);
}

__global__ void root()
{
    grid_begin(ID_ROOT);
    if (is_thread0()) {
        root_tail<<<1, 32, 0, cudaStreamTailLaunch>>>();
        count_launch_error();
        node<<<1, TREE_THREADS, 0, cudaStreamFireAndForget>>>(0, 1u, 0);
        count_launch_error();
        mid<<<1, 32>>>();
        count_launch_error();
        after_mid<<<1, 32>>>();
        count_launch_error();
    }
    grid_end(ID_ROOT);
}

int main()
{
    CHECK(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 8192));
    init_host_spans();
    root<<<1, 32>>>();
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());

    const unsigned int errors = read_spans();
    unsigned int nodes[TREES], last_end[TREES], seen_by_root_tail[TREES], seen_by_after_mid = 0,
                 seen_by_tailed_tail = 0;
    CHECK(cudaMemcpyFromSymbol(nodes, g_nodes, sizeof nodes));
    CHECK(cudaMemcpyFromSymbol(last_end, g_last_end, sizeof last_end));
    CHECK(cudaMemcpyFromSymbol(seen_by_root_tail, g_seen_by_root_tail, sizeof seen_by_root_tail));
    CHECK(cudaMemcpyFromSymbol(&seen_by_after_mid, g_seen_by_after_mid, sizeof seen_by_after_mid));
    CHECK(cudaMemcpyFromSymbol(&seen_by_tailed_tail, g_seen_by_tailed_tail, sizeof seen_by_tailed_tail));

    printf("fire-and-forget trees of depth %d (below the host's root), %d (below a NULL-stream child) "
           "and %d (below a fire-and-forget grid with a tail)\n",
           tree_depth(0), tree_depth(1), tree_depth(2));
    printf("device launch errors: %u\n", errors);
    printf("nodes run: %u %u %u (expected %u %u %u)\n", nodes[0], nodes[1], nodes[2], tree_nodes(0),
           tree_nodes(1), tree_nodes(2));
    printf("nodes the root's tail saw ended: %u %u %u\n", seen_by_root_tail[0], seen_by_root_tail[1],
           seen_by_root_tail[2]);
    printf("nodes of tree 1 its parent's successor saw ended: %u\n", seen_by_after_mid);
    printf("nodes of tree 2 its parent's tail saw ended: %u\n", seen_by_tailed_tail);
    bool all_nodes = true, root_tail_saw_all = true;
    for (int t = 0; t < TREES; ++t) {
        all_nodes = all_nodes && nodes[t] == tree_nodes(t);
        root_tail_saw_all = root_tail_saw_all && seen_by_root_tail[t] == tree_nodes(t);
    }
    fact("device launches succeeded", errors == 0);
    fact("every node of every tree ran once", all_nodes);
    fact("every other grid ran once", ran(ID_ROOT, 1) && ran(ID_MID, 1) && ran(ID_AFTER_MID, 1) &&
                                          ran(ID_ROOT_TAIL, 1) && ran(ID_TAILED, 1) && ran(ID_TAILED_TAIL, 1));
    fact("the root's tail starts after every node of the three trees",
         root_tail_saw_all && h_span[ID_ROOT_TAIL].start > last_end[0] &&
             h_span[ID_ROOT_TAIL].start > last_end[1] && h_span[ID_ROOT_TAIL].start > last_end[2]);
    fact("the NULL-stream successor starts after every node below its predecessor",
         seen_by_after_mid == tree_nodes(1) && h_span[ID_AFTER_MID].start > last_end[1] &&
             after(ID_AFTER_MID, ID_MID));
    fact("a fire-and-forget grid's tail starts after every node below it",
         seen_by_tailed_tail == tree_nodes(2) && h_span[ID_TAILED_TAIL].start > last_end[2] &&
             after(ID_TAILED_TAIL, ID_TAILED));
    return finish();
}
