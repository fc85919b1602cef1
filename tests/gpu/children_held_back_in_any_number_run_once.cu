// children_held_back_in_any_number_run_once.cu: CDP2 semantic test for cdp-lower (see the rule below).
// Prints only schedule-independent facts; the order of grids is recorded
// with global atomic tickets and only orders that CDP2 guarantees are checked.
// Build: nvcc -rdc=true -arch=sm_90 -O2 children_held_back_in_any_number_run_once.cu -o children_held_back_in_any_number_run_once -lcudadevrt
#include "cdp_test.cuh"

#include <vector>

__device__ void count_launch_error()
{
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
}

// Rules 9 and 8: a one-block grid whose threads each launch one
// fire-and-forget child of the grid's own kernel, 2 to 10 children a node,
// so that nodes launch odd and even numbers of children and more than the
// lowered block holds back until it is done (cdpl_context.held: 12, at
// least 8 for the node's own children beside the 4 earlier records a block
// may keep to run itself; the rest take the ordinary path). Every node runs exactly once, no node that
// was not launched runs, and each node's tail launch, which runs after the
// node and all its descendants are complete, finds all its children
// complete.
#define DEPTH 4                        // levels below the host grid
#define MAX_FANOUT 10
#define ID_LIMIT 14641                 // (MAX_FANOUT + 1)^DEPTH: every id of a tree this deep is below it

__device__ unsigned int g_visits[ID_LIMIT];
__device__ unsigned int g_complete[ID_LIMIT];
__device__ unsigned int g_tails_before_children;
__device__ unsigned int g_out_of_range;

__host__ __device__ unsigned int fanout(unsigned int id, int depth)
{
    return depth < DEPTH ? 2u + (id * 7u + (unsigned int)depth * 5u) % (MAX_FANOUT - 1u) : 0u;
}

__host__ __device__ unsigned int child_id(unsigned int id, unsigned int t) { return id * (MAX_FANOUT + 1u) + 1u + t; }

// The node's tail: runs after the node and every descendant are complete.
__global__ void close_node(unsigned int id, int depth)
{
    if (threadIdx.x == 0) {
        const unsigned int n = fanout(id, depth);
        unsigned int missing = 0;
        for (unsigned int t = 0; t < n; ++t) missing += *(volatile unsigned int *)&g_complete[child_id(id, t)] == 0u;
        if (missing != 0u) atomicAdd(&g_tails_before_children, 1u);
        __threadfence();
        atomicExch(&g_complete[id], 1u);
    }
}

__global__ void node(unsigned int id, int depth)
{
    if (id >= ID_LIMIT) {
        if (threadIdx.x == 0) atomicAdd(&g_out_of_range, 1u);
        return;
    }
    if (threadIdx.x == 0) atomicAdd(&g_visits[id], 1u);
    const unsigned int n = fanout(id, depth);
    if (threadIdx.x < n) {
        node<<<1, 32, 0, cudaStreamFireAndForget>>>(child_id(id, threadIdx.x), depth + 1);
        count_launch_error();
    }
    if (threadIdx.x == 0) {
        if (n != 0u) {
            close_node<<<1, 32, 0, cudaStreamTailLaunch>>>(id, depth);
            count_launch_error();
        } else {
            __threadfence();
            atomicExch(&g_complete[id], 1u);
        }
    }
}

// The nodes of the tree, as the device makes them; sets `expected[id]`.
static unsigned int count_nodes(unsigned int id, int depth, std::vector<unsigned char> &expected,
                                unsigned int *per_fanout)
{
    expected[id] = 1;
    const unsigned int n = fanout(id, depth);
    if (depth < DEPTH) per_fanout[n] += 1;
    unsigned int total = 1;
    for (unsigned int t = 0; t < n; ++t) total += count_nodes(child_id(id, t), depth + 1, expected, per_fanout);
    return total;
}

int main()
{
    init_host_spans();
    CHECK(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 8192));
    const Timer timer = timer_start();
    node<<<1, 32>>>(0u, 0);
    CHECK(cudaGetLastError());
    timer_stop(timer);

    const unsigned int errors = read_spans();
    std::vector<unsigned int> visits(ID_LIMIT), complete(ID_LIMIT);
    unsigned int early_tails = 0, out_of_range = 0;
    CHECK(cudaMemcpyFromSymbol(visits.data(), g_visits, ID_LIMIT * sizeof(unsigned int)));
    CHECK(cudaMemcpyFromSymbol(complete.data(), g_complete, ID_LIMIT * sizeof(unsigned int)));
    CHECK(cudaMemcpyFromSymbol(&early_tails, g_tails_before_children, sizeof early_tails));
    CHECK(cudaMemcpyFromSymbol(&out_of_range, g_out_of_range, sizeof out_of_range));

    std::vector<unsigned char> expected(ID_LIMIT, 0);
    unsigned int per_fanout[MAX_FANOUT + 1] = {0};
    const unsigned int nodes = count_nodes(0u, 0, expected, per_fanout);
    unsigned int ran_once = 0, ran_twice_or_more = 0, ran_unlaunched = 0, incomplete = 0;
    for (unsigned int id = 0; id < ID_LIMIT; ++id) {
        if (expected[id]) {
            ran_once += visits[id] == 1u;
            ran_twice_or_more += visits[id] > 1u;
            incomplete += complete[id] != 1u;
        } else {
            ran_unlaunched += visits[id] != 0u;
        }
    }

    printf("tree: %u one-block grids, %d levels below the host grid\n", nodes, DEPTH);
    printf("nodes launching n children:");
    for (unsigned int n = 2; n <= MAX_FANOUT; ++n) printf(" %u:%u", n, per_fanout[n]);
    printf("\n");
    printf("device launch errors: %u\n", errors);
    printf("ran once: %u, more than once: %u, never launched but ran: %u, ids out of range: %u\n", ran_once,
           ran_twice_or_more, ran_unlaunched, out_of_range);
    printf("tails that found a child incomplete: %u, nodes not complete at the end: %u\n", early_tails,
           incomplete);
    fact("device launches succeeded", errors == 0);
    fact("every node ran exactly once", ran_once == nodes && ran_twice_or_more == 0);
    fact("no grid ran that was not launched", ran_unlaunched == 0 && out_of_range == 0);
    fact("each tail ran after all children of its node were complete", early_tails == 0);
    fact("every node complete when the host launch is", incomplete == 0);
    return finish();
}
