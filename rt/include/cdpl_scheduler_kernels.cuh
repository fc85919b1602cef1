/* cdpl_scheduler_kernels.cuh
 *
 * The scheduler's kernels, compiled into every lowered file and registered
 * with the host runtime with its kernels: the planner, the inject kernel
 * and the entry of records that are not kernels.
 *
 * One part of the device runtime: lowered code includes cdpl.cuh, which
 * includes every part in order. */
#ifndef CDPL_SCHEDULER_KERNELS_CUH
#define CDPL_SCHEDULER_KERNELS_CUH

#include "cdpl_entry.cuh"

/* Completes grids that ended with the wave that just ran (listed by
 * cdpl_begin_planned_block, then those the host launched natively), from
 * the `first`-th of them, every `stride`-th: what they make ready goes into
 * the next plan. The wave's launches are done, so what their blocks wrote
 * is visible without a fence of theirs. The calling block is no launch: it
 * keeps no record for itself and frees every record to the ring. */
static __device__ void cdpl_complete_wave_end(cdpl_state *state, unsigned int count, unsigned int first,
                                              unsigned int stride)
{
    const unsigned int listed = state->nwave_end;
    if (threadIdx.x == 0) {
        cdpl_use_record_pool(state);
        cdpl_context.record = CDPL_NONE;
        cdpl_context.continue_kernel = 0;
        cdpl_context.live = CDPL_LIVE_OFF;
        cdpl_context.spare_count = CDPL_SPARE_RECORDS;
    }
    __syncthreads();
    for (unsigned int i = first; i < count; i += stride) {
        const unsigned int index = i < listed ? cdpl_global(state->wave_end)[i] : state->native_end[i - listed];
        cdpl_grid_blocks_done(state, index, cdpl_completion_fields(), false, false, true);
    }
}

/* The same over many blocks, one grid a thread, before the planner, when a
 * wave ended more grids than the planner has threads: each completion is a
 * chain of dependent atomics, and the planner's threads running about 19
 * of them one after another took 139 us of bfs's biggest wave (H100,
 * docs/benchmarks.md). The host sizes the launch from the wave's groups. */
static __global__ void cdpl_complete_kernel(cdpl_state *state)
{
    cdpl_complete_wave_end(state, state->nwave_end + state->nnative_end, blockIdx.x * blockDim.x + threadIdx.x,
                           gridDim.x * blockDim.x);
}

/* Whether the host's speculative launch `l` can run group `g`. */
static __device__ bool cdpl_speculation_fits(const cdpl_speculation &speculation, unsigned int l, const cdpl_group &g)
{
    return speculation.launches[l].kernel_id == g.kernel_id && speculation.launches[l].block[0] == g.block[0] &&
           speculation.launches[l].block[1] == g.block[1] && speculation.launches[l].block[2] == g.block[2] &&
           speculation.launches[l].blocks >= g.blocks && speculation.launches[l].shmem_capacity >= g.shmem;
}

/* Each of a warp's lanes gets the sums of `a` and of `b` over the lanes up
 * to its own (a full warp, counted in 32-lane halves on HIP). */
static __device__ __forceinline__ void cdpl_warp_sums_through(unsigned int lane, unsigned int &a, unsigned int &b)
{
    for (unsigned int offset = 1; offset < 32; offset <<= 1) {
        const unsigned int a_there = __shfl_up_sync(0xffffffffu, a, offset, 32);
        const unsigned int b_there = __shfl_up_sync(0xffffffffu, b, offset, 32);
        if (lane >= offset) {
            a += a_there;
            b += b_there;
        }
    }
}

/* Turns the ready items of the wave that just ended into the next wave's
 * groups. One block: a scan over the table's slots, then a scatter. Its
 * time is a chain of dependent loads and barriers, which the host waits
 * for between two waves: what it can read early, or keep in shared memory,
 * it does. A group that one of the host's speculative launches can run
 * goes to it (`speculation`, drain.c). */
static __global__ void cdpl_plan_kernel(cdpl_state *state, unsigned int wave_end_completed,
                                        unsigned long long publish, cdpl_speculation speculation)
{
    static_assert(CDPL_GROUP_TABLE_SIZE == CDPL_PLAN_THREADS, "each of the planner's threads reads one group slot");
    static_assert(CDPL_PLAN_THREADS == 32 * 32, "one warp sums the sums of the planner's warps");
    /* Each warp's groups and items, then the sums of the warps before. */
    __shared__ unsigned int groups_of_warp[CDPL_PLAN_THREADS / 32];
    __shared__ unsigned int items_of_warp[CDPL_PLAN_THREADS / 32];
    /* Where each slot's group begins among the wave's items. */
    __shared__ unsigned int first_item_of_slot[CDPL_GROUP_TABLE_SIZE];
    /* The blocks each record of a slot's group has if all have as many
     * (cdpl_group.uniform_blocks), and the slots where an item showed
     * otherwise, a bit each. */
    __shared__ unsigned int blocks_per_record_of_slot[CDPL_GROUP_TABLE_SIZE];
    __shared__ unsigned int mixed_slots[CDPL_GROUP_TABLE_SIZE / 32];
    /* Launched while the wave's last blocks still run (a programmatic
     * dependent launch, drain.c), it waits here until they are done and
     * what they wrote is visible: its launch is off the hand-off's path. */
    cdpl_wait_for_grid_before();
    /* A speculative launch that no group claims below runs nothing. */
    const bool speculates = threadIdx.x < speculation.count;
    if (speculates) {
        speculation.slots[threadIdx.x].count = 0u;
        state->plan->speculated[threadIdx.x] = CDPL_NONE;
    }
    if (threadIdx.x < CDPL_GROUP_TABLE_SIZE / 32) mixed_slots[threadIdx.x] = 0u;
    const unsigned int ended_with_wave = state->nwave_end + state->nnative_end;
    unsigned int nready = state->nready;
    if (ended_with_wave != 0 && !wave_end_completed) {
        cdpl_complete_wave_end(state, ended_with_wave, threadIdx.x, blockDim.x);
        __syncthreads();
        nready = *(volatile unsigned int *)&state->nready;
    }
    cdpl_live_queue *live = &state->live;
    const unsigned long long live_head = live->head, live_tail = live->tail;
    cdpl_group_slot *slot = &state->table[threadIdx.x];
    const unsigned long long key = slot->key, packed = slot->packed;
    const bool has_group = key != 0ull;
    const unsigned int count = has_group ? (unsigned int)(packed >> CDPL_GROUP_BLOCK_BITS) : 0u;
    /* Where each slot's group and items start: a prefix sum, within each
     * warp by shuffles, then over the warps' sums: two barriers where a
     * sum over the block's shared memory took twenty. Items fit 32 bits:
     * they are records of the pool. */
    const unsigned int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    unsigned int groups_through = has_group, items_through = count;
    cdpl_warp_sums_through(lane, groups_through, items_through);
    if (lane == 31) {
        groups_of_warp[warp] = groups_through;
        items_of_warp[warp] = items_through;
    }
    __syncthreads();
    if (warp == 0) {
        unsigned int warp_groups = groups_of_warp[lane], warp_items = items_of_warp[lane];
        cdpl_warp_sums_through(lane, warp_groups, warp_items);
        groups_of_warp[lane] = warp_groups - groups_of_warp[lane];
        items_of_warp[lane] = warp_items - items_of_warp[lane];
    }
    __syncthreads();
    groups_through += groups_of_warp[warp];
    items_through += items_of_warp[warp];
    if (threadIdx.x == CDPL_PLAN_THREADS - 1) state->plan->ngroups = groups_through;
    const unsigned int group = groups_through - has_group;
    cdpl_group g;
    if (has_group) {
        g.kernel_id = (unsigned int)(key >> 26);
        g.block[0] = (unsigned int)((key >> 16) & 1023u) + 1u;
        g.block[1] = (unsigned int)((key >> 6) & 1023u) + 1u;
        g.block[2] = (unsigned int)(key & 63u) + 1u;
        g.shmem = slot->shmem;
        g.count = count;
        g.blocks = packed & CDPL_GROUP_BLOCK_MASK;
        g.first_item = items_through - count;
        /* Uniform only if each record has blocks / count: the items check
         * it below. A slot with a key has a record: the push that writes a
         * key counts its record in the same slot, and every push is done
         * before the table is read here (the wave has ended, and this
         * block's own completions are behind a barrier). */
        const unsigned long long per_record = g.blocks / count;
        g.uniform_blocks = per_record * count == g.blocks && per_record <= 0xffffffffull ? (unsigned int)per_record : 0u;
        first_item_of_slot[threadIdx.x] = g.first_item;
        blocks_per_record_of_slot[threadIdx.x] = g.uniform_blocks;
    }
    __syncthreads();
    int begun = 0;
    for (unsigned int i = threadIdx.x; i < nready; i += blockDim.x) {
        cdpl_ready_item item = state->ready[i];
        begun += (int)item.launched_by_device;
        cdpl_wave_item placed;
        placed.first_block = item.first_block;
        placed.record = item.record;
        placed.reserved = 0;
        state->wave_items[first_item_of_slot[item.slot] + item.index] = placed;
        /* Items are numbered in the order of their first blocks, so if the
         * i-th of each group begins at i times its records' common size,
         * every record has that size (the last one too: the blocks add up). */
        const unsigned int per_record = blocks_per_record_of_slot[item.slot];
        if (per_record != 0u && item.first_block != (unsigned long long)item.index * per_record)
            atomicOr(&mixed_slots[item.slot / 32], 1u << (item.slot % 32));
    }
    __syncthreads();
    if (has_group) {
        if ((mixed_slots[threadIdx.x / 32] >> (threadIdx.x % 32)) & 1u) g.uniform_blocks = 0u;
        for (unsigned int l = 0; l < speculation.count; ++l) {
            if (!cdpl_speculation_fits(speculation, l, g)) continue;
            cdpl_spec_slot claimed = {g.blocks, g.first_item, g.count, g.uniform_blocks, 0u};
            speculation.slots[l] = claimed;
            state->plan->speculated[l] = group;
            break;
        }
        state->groups[group] = g;
        if (group < CDPL_PLAN_INLINE_GROUPS) state->plan->groups[group] = g;
    }
    /* Device launches stop being pending once their wave is planned. */
    if (begun != 0) atomicSub(&state->pending, begun);
    /* Each thread empties the slot it read, and only that one. */
    slot->key = 0ull;
    slot->packed = 0ull;
    slot->shmem = 0u;
    /* The live queue's blocks that left the last launches took positions
     * that no record reached: the next pushes start after them. */
    if (threadIdx.x == 0) state->plan->live_pushed = live_tail;
    for (unsigned long long position = live_tail + threadIdx.x; position < live_head; position += blockDim.x)
        live->cells[position & (live->capacity - 1u)] = CDPL_NONE;
    /* The barrier passes what every thread wrote of the plan to thread 0,
     * whose system fence below then passes it on to the host, which reads
     * the plan once it sees `published` (fences are cumulative, PTX memory
     * model): one system fence on the hand-off instead of one by each
     * writer before the barrier and thread 0's after it (bfs, 18 waves,
     * 1.093 -> 1.083 ms on an H100, docs/benchmarks.md). */
    __syncthreads();
    if (threadIdx.x == 0) {
        live->tail = live_head > live_tail ? live_head : live_tail;
        state->nwave_end = 0;
        state->nnative_end = 0;
        state->plan->live_restart = live->tail;
        state->nready = 0;
        state->plan->roots_done = state->roots_done;
        state->plan->pending_left = (unsigned int)*(volatile int *)&state->pending;
        state->plan->records_continued = state->records_continued;
        state->plan->records_peak = state->record_ring.capacity - (unsigned int)state->record_ring.fewest_available;
        __threadfence_system();
        *(volatile unsigned long long *)&state->plan->published = publish;
    }
}

/* Turns a host launch into a root record and the only item of the first
 * wave, which the host launches without planning it: a host launch finds
 * the queue empty (the last one ran until no record was left), so nothing
 * else can be ready. */
static __global__ void cdpl_inject_kernel(cdpl_state *state, cdpl_root_request request)
{
    if (request.stop != 0u) __trap();
    unsigned int index = cdpl_ring_take(&state->record_ring);
    if (index == CDPL_NONE)
        cdpl_fail(state, CDPL_RT_RECORD_POOL_EMPTY, 0);
    dim3 grid(request.grid[0], request.grid[1], request.grid[2]);
    dim3 block(request.block[0], request.block[1], request.block[2]);
    cdpl_use_record_pool(state);
    cdpl_record *record = cdpl_record_at(index);
    const unsigned char *params = request.params != NULL ? request.params : request.inline_params;
    const cdpl_ready_shape shape = cdpl_launch_shape(CDPL_KIND_KERNEL, request.kernel_id, CDPL_NONE, grid, block,
                                                     request.shmem);
    cdpl_fill_record(record, shape, params, request.params_size);
    record->count_in = CDPL_NONE; /* the host sees its completion */
    record->count_hops = 0u;
    if (record->blocks_left > CDPL_GROUP_BLOCK_MASK)
        cdpl_fail(state, CDPL_RT_BLOCK_COUNT_OVERFLOW, request.kernel_id);
    record->deps = 0;
    cdpl_wave_item item;
    item.first_block = 0;
    item.record = index;
    item.reserved = 0;
    state->wave_items[0] = item;
}

/* The bytes of a 2-D or 3-D copy or set, spread over the grid's threads. */
static __device__ void cdpl_run_pitched(bool copies)
{
    const cdpl_pitched_copy_params &copy = cdpl_block_params<cdpl_pitched_copy_params>();
    unsigned long long threads = (unsigned long long)cdpl_context.grid.x * blockDim.x;
    unsigned long long first = (unsigned long long)cdpl_context.block.x * blockDim.x + threadIdx.x;
    unsigned long long bytes = copy.width * copy.height * copy.depth;
    for (unsigned long long i = first; i < bytes; i += threads) {
        unsigned long long row = i / copy.width, x = i - row * copy.width;
        unsigned long long z = row / copy.height, y = row - z * copy.height;
        unsigned char *to = static_cast<unsigned char *>(copy.destination) + z * copy.destination_slice +
                            y * copy.destination_pitch + x;
        *to = copies ? static_cast<const unsigned char *>(copy.source)[z * copy.source_slice + y * copy.source_pitch + x]
                     : (unsigned char)copy.value;
    }
}

/* Runs the records that are not user kernels: event markers (nothing to do),
 * device-side cudaMemcpyAsync and cudaMemsetAsync, and their 2-D and 3-D
 * forms. */
static __global__ void cdpl_builtin_entry(cdpl_wave wave)
{
    if (!cdpl_enter_block<false>(wave)) return;
    const cdpl_record *record = cdpl_record_at(cdpl_context.record);
    if (record->kind == CDPL_KIND_MEMCPY_PITCHED || record->kind == CDPL_KIND_MEMSET_PITCHED) {
        cdpl_run_pitched(record->kind == CDPL_KIND_MEMCPY_PITCHED);
    } else if (record->kind != CDPL_KIND_MARKER) {
        const cdpl_copy_params &copy = cdpl_block_params<cdpl_copy_params>();
        unsigned long long threads = (unsigned long long)cdpl_context.grid.x * blockDim.x;
        unsigned long long first = (unsigned long long)cdpl_context.block.x * blockDim.x + threadIdx.x;
        unsigned char *to = static_cast<unsigned char *>(copy.destination);
        const unsigned char *from = static_cast<const unsigned char *>(copy.source);
        for (unsigned long long i = first; i < copy.bytes; i += threads)
            to[i] = record->kind == CDPL_KIND_MEMCPY ? from[i] : (unsigned char)copy.value;
    }
    cdpl_leave_block();
}

static const cdpl_module_kernels cdpl_this_module = {CDPL_ABI_VERSION, (const void *)cdpl_plan_kernel,
                                                    (const void *)cdpl_inject_kernel,
                                                    (const void *)cdpl_builtin_entry,
                                                    (const void *)cdpl_complete_kernel,
                                                    (const void *)&cdpl_module_state};

/* Generated code registers each runtime kernel with this (traits: enum
 * cdpl_kernel_traits) ... */
static inline int cdpl_register(unsigned int kernel_id, const char *name, const void *entry,
                                size_t params_size, unsigned int traits)
{
    return cdpl_register_kernel(&cdpl_this_module, kernel_id, name, entry, params_size, traits);
}

/* ... a kernel that only its own file launches (internal linkage, or a
 * kernel template: its entry calls bodies of this file) with this ... */
static inline int cdpl_register_file_local(unsigned int kernel_id, const char *name, const void *entry,
                                           size_t params_size, unsigned int traits)
{
    return cdpl_register_file_local_kernel(&cdpl_this_module, kernel_id, name, entry, params_size, traits);
}

/* ... and each other kernel that device code asks attribute or occupancy
 * questions about. */
static inline int cdpl_register_queried(unsigned int kernel_id, const char *name, const void *kernel)
{
    return cdpl_register_queried_kernel(&cdpl_this_module, kernel_id, name, kernel);
}

#endif
