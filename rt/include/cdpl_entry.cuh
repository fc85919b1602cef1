/* cdpl_entry.cuh
 *
 * Entry kernels: how a block of a wave finds its record and its virtual
 * block (cdpl_enter_block), and what it does when the body returns
 * (cdpl_leave_block, and going on with another record).
 *
 * One part of the device runtime: lowered code includes cdpl.cuh, which
 * includes every part in order. */
#ifndef CDPL_ENTRY_CUH
#define CDPL_ENTRY_CUH

#include "cdpl_launch.cuh"

/* The bounds of an entry whose kernel has none of its own. An entry holds
 * the runtime's code as well as the kernel's, and without bounds ptxas may
 * give it more registers than 64 a thread, the most with which a block of
 * 1024 threads fits an SM: quadtree's entry took 78 where its native
 * kernel takes 36, so blocks that the native kernel runs failed to launch
 * ("too many resources requested"). With at most 64, every block size is
 * accepted, as natively for any kernel of at most 64 registers; a kernel
 * that needs more natively accepts fewer threads, and its entry spills
 * instead of refusing them. nvcc takes the cap alone (`__maxnreg__`, CUDA
 * 12.4): `__launch_bounds__(1024, 1)` caps as well, but tells ptxas the
 * block size too, and quicksort's entry, given 48 registers instead of 56,
 * ran 7% slower (H200, docs/benchmarks.md); `__launch_bounds__(1024)`
 * alone let ptxas aim at two such blocks an SM, 32 registers. clang knows
 * no `maxnreg`, HIP's second bound means something else. A kernel's own
 * `__launch_bounds__` move to its entry in their place; a program may
 * define CDPL_ENTRY_BOUNDS itself. */
#ifndef CDPL_ENTRY_BOUNDS
#if defined(CDPL_GPU_HIP)
#define CDPL_ENTRY_BOUNDS __launch_bounds__(1024)
#elif defined(__NVCC__) && (__CUDACC_VER_MAJOR__ > 12 || (__CUDACC_VER_MAJOR__ == 12 && __CUDACC_VER_MINOR__ >= 4))
#define CDPL_ENTRY_BOUNDS __maxnreg__(64)
#else
#define CDPL_ENTRY_BOUNDS __launch_bounds__(1024, 1)
#endif
#endif

/* Where the children of record `index` count until they are complete
 * (their `count_in`), and how many levels above their parent that is, when
 * its kernel makes no tail launch, stream, event or copy (the lowering's
 * completion_unobserved, a template argument of the entry). Such a grid,
 * launched fire-and-forget, is seen complete by nothing but the count it is
 * in: no record follows it in a stream, nothing waits for it, nothing
 * starts after it. Its children then count there as well, up to
 * CDPL_COUNT_HOPS_MAX levels above their parent, and it is complete once
 * its blocks are: the last leaf of a fire-and-forget tree climbs one count
 * in nine levels, not one a level (each a fence and an atomic whose answer
 * it waits for). The record's fields were written by its launcher before
 * it started. Decided here, once a record, so that a launch only reads the
 * block context: a test at each launch cost tree_null, whose kernel is not
 * such, 1-4% (H100, docs/benchmarks.md), and mandelbrot's entry 4
 * registers where it was inlined. */
template <bool CompletionUnobserved>
static __device__ __forceinline__ void cdpl_set_children_count_in(const cdpl_record *record, unsigned int index)
{
    unsigned int count_in = index, hops = 0u;
    if (CompletionUnobserved) {
        const unsigned int flags = record->flags, up = record->count_in, up_hops = record->count_hops;
        if ((flags & CDPL_RECORD_FIRE_AND_FORGET) != 0u && up_hops < CDPL_COUNT_HOPS_MAX) {
            count_in = up;
            hops = up_hops + 1u;
        }
    }
    cdpl_context.children_count_in = count_in;
    cdpl_context.children_count_hops = hops;
}

/* Makes record `index` and its virtual block the block's, with nothing
 * launched yet and every thread in (thread 0). `CompletionUnobserved`: see
 * cdpl_set_children_count_in. */
template <bool CompletionUnobserved>
static __device__ void cdpl_begin_record(const cdpl_record *record, unsigned int index, uint3 block, uint3 grid)
{
    cdpl_set_children_count_in<CompletionUnobserved>(record, index);
    cdpl_context.record = index;
    cdpl_context.block = block;
    cdpl_context.grid = grid;
    cdpl_context.null_stream_last = CDPL_NONE;
    cdpl_context.launched = 0;
    cdpl_context.threads_left = blockDim.x * blockDim.y * blockDim.z;
    cdpl_context.params = (const unsigned char *)record + CDPL_RECORD_HEADER_SIZE;
    cdpl_context.continuation = CDPL_NONE;
    cdpl_context.continuation_is_child = 0;
}

/* Makes ready one-block record `index` the block's record (thread 0). */
template <bool CompletionUnobserved> static __device__ void cdpl_begin_one_block_record(unsigned int index)
{
    cdpl_begin_record<CompletionUnobserved>(cdpl_record_at(index), index, make_uint3(0, 0, 0), make_uint3(1, 1, 1));
    /* It begins now: no longer a pending launch, though its slot stays
     * counted while the block holds it (cdpl_block_context.pending_credit). */
    cdpl_context.pending_credit += 1;
    cdpl_context.continued += 1;
}

/* The record and virtual block of `block` in a group whose records all
 * have `wave.uniform_blocks` blocks (cdpl_group.uniform_blocks): the
 * item's place by arithmetic, and the record's grid loaded at once (none
 * for one-block records). The search and a grid read field by field are up to eight
 * dependent loads before a block begins: mandelbrot, whose children are
 * groups of one 2-D shape, ran 8% faster without them (H100,
 * docs/benchmarks.md). The host passes a size only where the launch's
 * blocks fit 32 bits. */
static __device__ __forceinline__ unsigned int cdpl_uniform_item(const cdpl_wave &wave, unsigned int block,
                                                                 uint3 &index, uint3 &grid)
{
    const unsigned int per_record = wave.uniform_blocks;
    const unsigned int position = per_record == 1u ? block : block / per_record;
    const unsigned int virtual_block = block - position * per_record;
    const unsigned int record_index = cdpl_global(wave.items)[position].record;
    if (per_record == 1u) {
        grid = make_uint3(1u, 1u, 1u);
        index = make_uint3(0u, 0u, 0u);
        return record_index;
    }
    const cdpl_record *record = cdpl_record_in(wave.records, wave.record_stride, record_index);
    /* The parameters, which every thread reads once the block begins,
     * start on their way with the grid. */
    cdpl_prefetch_line((const unsigned char *)record + CDPL_RECORD_HEADER_SIZE);
    grid = make_uint3(record->grid[0], record->grid[1], record->grid[2]);
    if (grid.x == per_record) {
        index = make_uint3(virtual_block, 0u, 0u);
    } else {
        const unsigned int row = virtual_block / grid.x;
        index = make_uint3(virtual_block - row * grid.x, row % grid.y, row / grid.y);
    }
    return record_index;
}

/* The same in any group: a search of the items, sorted by first block. */
static __device__ __forceinline__ unsigned int cdpl_searched_item(const cdpl_wave &wave, unsigned long long block,
                                                                  uint3 &index, uint3 &grid)
{
    const cdpl_wave_item *items = cdpl_global(wave.items);
    /* Each item has at least one block, so an item at position `block`
     * that starts there is this block's: the common case of one-block
     * grids needs no search. */
    unsigned int low = 0, high = wave.count - 1;
    if (block < wave.count && items[block].first_block == block) low = high = (unsigned int)block;
    while (low < high) {
        unsigned int middle = (low + high + 1) / 2;
        if (items[middle].first_block <= block)
            low = middle;
        else
            high = middle - 1;
    }
    const cdpl_wave_item &item = items[low];
    /* From the launch's parameters: the context's copy is being written. */
    const cdpl_record *record = cdpl_record_in(wave.records, wave.record_stride, item.record);
    /* All three at once, before the branches below. */
    grid = make_uint3(record->grid[0], record->grid[1], record->grid[2]);
    unsigned long long virtual_block = block - item.first_block;
    /* 32-bit division where the grid allows it: a 64-bit one is a subroutine
     * call, which raises the register count of every entry kernel. */
    unsigned long long row;
    unsigned int x;
    if (virtual_block <= 0xffffffffull) {
        row = (unsigned int)virtual_block / grid.x;
        x = (unsigned int)virtual_block % grid.x;
    } else {
        row = virtual_block / grid.x;
        x = (unsigned int)(virtual_block - row * grid.x);
    }
    /* grid.y and grid.z are below 2^16, so row / grid.y fits 32 bits. */
    unsigned int y, z;
    if (row <= 0xffffffffull) {
        y = (unsigned int)row % grid.y;
        z = (unsigned int)row / grid.y;
    } else {
        z = (unsigned int)(row / grid.y);
        y = (unsigned int)(row - (unsigned long long)z * grid.y);
    }
    index = make_uint3(x, y, z);
    return item.record;
}

/* Makes the planned item of this block its record and virtual block (thread 0). */
template <bool CompletionUnobserved> static __device__ void cdpl_begin_planned_block(const cdpl_wave &wave)
{
    unsigned long long block = wave.block_base + blockIdx.x;
    cdpl_state *state = cdpl_global(wave.state);
    uint3 index, grid;
    const unsigned int record_index = wave.uniform_blocks != 0u
                                          ? cdpl_uniform_item(wave, (unsigned int)block, index, grid)
                                          : cdpl_searched_item(wave, block, index, grid);
    const cdpl_record *record = cdpl_record_in(wave.records, wave.record_stride, record_index);
    cdpl_begin_record<CompletionUnobserved>(record, record_index, index, grid);
    /* A grid of several blocks, in a launch whose blocks share no records,
     * ends with the launch: nothing in it waits for the grid to be done.
     * Its first block lists it for the next planner, which completes it
     * (cdpl_complete_wave_end), and its threads leave as natively, with
     * no count and no fence (cdpl_leave_block). The block then
     * keeps no record to go on with: it would need its threads counted out
     * to know when to start it. */
    bool several_blocks = grid.x != 1 || grid.y != 1 || grid.z != 1;
    if (cdpl_context.live == CDPL_LIVE_OFF && several_blocks) {
        cdpl_context.ends_with_wave = 1;
        cdpl_context.continue_kernel = 0;
        if ((index.x | index.y | index.z) == 0u)
            cdpl_global(state->wave_end)[atomicAdd(&state->nwave_end, 1u)] = record_index;
    }
    if (cdpl_context.live) {
        cdpl_live_queue *queue = &state->live;
        atomicAdd(&queue->running, 1);
        __threadfence();
        atomicAdd(&queue->planned_begun, 1ull);
    }
}

/* First thing of every entry kernel: find this block's record and virtual
 * block, and give every thread a clean slot. A spare worker of the launch
 * (cdpl_live_queue) waits for a record instead; false when it found none and
 * the block has nothing to run. Only the entry of a kernel with
 * CDPL_KERNEL_RUNS_ITS_OWN_CHILDREN gets live launches (drain.c), so only
 * its entry holds the code of spare workers: MayRunLive, which the lowering
 * sets from the same traits, and without which an entry needs fewer
 * registers. `wave` is the launch's plan (cdpl_enter_block). */
template <bool MayRunLive, bool CompletionUnobserved>
static __device__ __forceinline__ bool cdpl_enter_planned(const cdpl_wave &wave, unsigned int continue_kernel)
{
    if (cdpl_thread_rank() == 0) {
        cdpl_context.state = wave.state;
        cdpl_context.records = wave.records;
        cdpl_context.record_stride = wave.record_stride;
        cdpl_context.thread_state_offset = wave.thread_state_offset;
        cdpl_context.continue_kernel = continue_kernel;
        cdpl_context.spare_count = 0;
        cdpl_context.pending_credit = 0;
        cdpl_context.continued = 0;
        cdpl_context.held_count = 0;
        cdpl_context.ends_with_wave = 0;
        cdpl_context.live = !MayRunLive || continue_kernel == 0 || wave.live == 0 ? CDPL_LIVE_OFF
                            : gridDim.x > wave.planned_blocks ? CDPL_LIVE_WITH_SPARES
                                                              : CDPL_LIVE_SHARED;
        cdpl_context.planned_goal = wave.planned_goal;
        if (blockIdx.x < wave.planned_blocks) {
            cdpl_begin_planned_block<CompletionUnobserved>(wave);
        } else {
            cdpl_state *state = cdpl_global(wave.state);
            unsigned int index = MayRunLive && cdpl_context.live ? cdpl_live_take(state, wave.planned_goal) : CDPL_NONE;
            if (index != CDPL_NONE)
                cdpl_begin_one_block_record<CompletionUnobserved>(index);
            else
                cdpl_context.record = CDPL_NONE;
        }
    }
    cdpl_thread_slot *slot = reinterpret_cast<cdpl_thread_slot *>(cdpl_dynamic_shared +
                                                                  wave.thread_state_offset) +
                             cdpl_thread_rank();
    slot->last_error = 0;
    slot->per_thread_last = CDPL_NONE;
    __syncthreads();
    return cdpl_context.record != CDPL_NONE;
}

/* A speculative launch (drain.c) begins when the planner ends (a
 * programmatic dependent launch): it waits here until the planner's writes,
 * and the wave's before them, are visible, then reads what the planner left
 * for it. Out of line: the entry's common path keeps its registers. */
static __device__ __noinline__ cdpl_spec_slot cdpl_wait_for_planner(const cdpl_spec_slot *slot)
{
    cdpl_wait_for_grid_before();
    return *cdpl_global(slot);
}

/* The entry of a kernel that may run live (CDPL_KERNEL_RUNS_ITS_OWN_CHILDREN)
 * is never launched speculatively, and holds no code for it: with that
 * code, tree_faf ran 5% and tree_null 2% slower (H100), though none of
 * their launches speculated. */
/* An entry launched as its kernel (cdpl_wave.magic): the arguments are not
 * a wave, and nothing in them can be trusted. */
static __device__ __noinline__ void cdpl_entry_launched_as_kernel()
{
    if (cdpl_module_state != NULL) cdpl_fail(cdpl_module_state, CDPL_RT_ENTRY_LAUNCHED_AS_KERNEL, 0);
    __trap();
}

template <bool MayRunLive, bool CompletionUnobserved = false>
static __device__ bool cdpl_enter_block(const cdpl_wave &wave, unsigned int continue_kernel = 0)
{
    if (wave.magic != CDPL_WAVE_MAGIC) cdpl_entry_launched_as_kernel();
    if (MayRunLive || wave.speculative == NULL)
        return cdpl_enter_planned<MayRunLive, CompletionUnobserved>(wave, continue_kernel);
    const cdpl_spec_slot slot = cdpl_wait_for_planner(wave.speculative);
    cdpl_wave plan = wave;
    plan.items = wave.items + slot.first_item;
    plan.count = slot.count;
    plan.planned_blocks = slot.count == 0u ? 0ull : slot.blocks;
    plan.uniform_blocks = slot.uniform_blocks;
    return cdpl_enter_planned<MayRunLive, CompletionUnobserved>(plan, continue_kernel);
}

/* Counts this thread out of its block; the count before. An acquire-release
 * atomic at block scope passes what this thread wrote on to the thread that
 * counts out last, whose __threadfence then passes all of it on to other
 * blocks, as fences are cumulative (PTX memory model). A __threadfence in
 * every warp instead cost bfs 10% and tree_faf 5% (H100). */
static __device__ __forceinline__ unsigned int cdpl_count_thread_out()
{
#if defined(__CUDA_ARCH__) && !defined(CDPL_GPU_HIP)
    unsigned int before;
    asm volatile("atom.acq_rel.cta.shared.add.u32 %0, [%1], -1;"
                 : "=r"(before)
                 : "r"((unsigned int)__cvta_generic_to_shared(&cdpl_context.threads_left))
                 : "memory");
    return before;
#else
    __threadfence();
    return atomicSub(&cdpl_context.threads_left, 1u);
#endif
}

/* Last thing of every thread of an entry kernel. The last thread of the
 * block reports it; no barrier, so threads that returned early behave as if
 * they had exited, as natively. `MayContinue`: the entry goes on with
 * records its block keeps (cdpl_leave_block_or_continue), which makes it
 * the one to run chains of grids, where each leave is on the chain's path:
 * it reads its record's fields ahead of its fence. Others do not: the
 * values live across the fence cost few_large's work entry 2 registers
 * and bfs's level entry 8. */
template <bool MayContinue = false> static __device__ void cdpl_leave_block()
{
    /* The planner completes such a block's grid, and the block keeps no
     * record and frees none (cdpl_begin_planned_block): nothing to report. */
    if (cdpl_context.ends_with_wave) return;
    if (cdpl_count_thread_out() != 1u) return;
    cdpl_state *state = cdpl_global(cdpl_context.state);
    /* The pending-launch slots the block holds, of this record and those
     * before it that no launch took over: a few stay for the next records'
     * launches (a chain of NULL-stream siblings, each launching two, then
     * makes no atomic on `pending` that it waits for). Atomics, though
     * every thread has counted out: racecheck does not see that order
     * (cdpl_free_record). */
    int credit = atomicExch(&cdpl_context.pending_credit, 0);
    if (credit > CDPL_KEPT_PENDING_SLOTS) atomicSub(&state->pending, credit - CDPL_KEPT_PENDING_SLOTS);
    if (credit > 0) atomicExch(&cdpl_context.pending_credit, min(credit, CDPL_KEPT_PENDING_SLOTS));
    unsigned int index = cdpl_context.record;
    cdpl_record *record = cdpl_record_at(index);
    /* Only a block that goes on running records may keep any. */
    const cdpl_hand_on hand_on = !MayContinue || cdpl_context.held_count == 0u
                                     ? cdpl_hand_on{cdpl_context.held_count, false}
                                     : cdpl_records_to_hand_on(state);
    bool only_block = cdpl_runs_only_block();
    bool alone = only_block && !cdpl_context.launched;
    bool last_block;
    cdpl_completion_fields fields = {};
    if (only_block) {
        /* The only block of its grid is the last one without asking: a
         * store tells cdpl_keep_for_this_block, and saves a round trip to
         * memory. Before the fence, which orders it before the count that
         * lets the record be freed and reused: one fence for both. Seen
         * early, it only lets the grid's children start early, which needs
         * none of its writes: every thread of the block has left. */
        *(volatile unsigned long long *)&record->blocks_left = 0ull;
        if (cdpl_context.continuation_is_child && hand_on.count == 0u) {
            /* The block goes on with a child of its grid, which counts in
             * the grid's `outstanding` until it is done, here: this count
             * cannot be the last, and needs no answer. Nor a fence: the
             * block hands nothing on now, and whichever of its threads
             * hands anything on later fences first (fences are
             * cumulative), as every path of the runtime does; the grid is
             * complete only after that. A depth-first chain of one-block
             * grids (NULL-stream siblings, or fire-and-forget children that
             * the block holds) saves a fence and a dependent atomic on each
             * grid that launches. */
            if (cdpl_context.launched) {
                atomicSub(&record->outstanding, 1);
                return;
            }
            /* Its children count above it, where the grid does
             * (cdpl_set_children_count_in), and so does the child it goes
             * on with: the grid is complete, and its count there cannot be
             * the last either. */
            const unsigned int counted_in = cdpl_context.children_count_in;
            cdpl_free_record(state, index);
            atomicSub(&cdpl_record_at(counted_in)->outstanding, 1);
            return;
        }
        /* Read before the fence, which then waits for them: the grid's
         * record was written before it started or by this block's threads,
         * which this thread has seen through counting out. */
        if (MayContinue && alone) {
            fields = cdpl_completion_fields_of(record);
            if (hand_on.count == 0u && cdpl_go_on_with_successor(state, index, fields)) return;
        }
        __threadfence();
        last_block = true;
    } else {
        __threadfence();
        last_block = atomicAdd(&record->blocks_left, ~0ull) == 1ull;
    }
    if (hand_on.count != 0u) cdpl_hand_on_held(state, hand_on);
    if (last_block) cdpl_grid_blocks_done(state, index, fields, MayContinue, alone, only_block);
    /* Every thread has left and the cascade is done: the continuation is
     * settled. A block of a live launch keeps its spare records while it
     * takes the next record from the live queue (cdpl_live_take gives them
     * back before it waits): a chain of grids through the queue then takes
     * and frees records without the ring, as one by continuation does. */
    if (cdpl_context.continuation == CDPL_NONE && cdpl_context.live == CDPL_LIVE_OFF)
        cdpl_return_block_holdings(state);
}

/* What the lowering writes for `asm("exit;")` in code that a runtime kernel
 * reaches: the thread counts out of its block as if it had returned from
 * the body, then exits. Only entries that run one record a block reach it
 * (the analysis sees to it): a thread that is gone cannot go on with the
 * block's next record. In a kernel outside the runtime (its prologue set
 * no record) it only exits. */
static __device__ __forceinline__ void cdpl_exit_thread()
{
    if (cdpl_context.record != CDPL_NONE) cdpl_leave_block();
    asm volatile("exit;");
}

/* Last thing of every thread of an entry whose kernel's threads leave the
 * body together (it never waits at a barrier, or none returns before the
 * others: analysis/block_exits.c): leaves the block, then goes on with the
 * record the block kept
 * (cdpl_keep_for_this_block) or, MayRunLive, one from the live queue, and
 * returns true so that the entry runs the body again. */
template <bool MayRunLive, bool CompletionUnobserved = false>
[[maybe_unused]] static __device__ bool cdpl_leave_block_or_continue()
{
    cdpl_leave_block<true>();
    __syncthreads();
    if (cdpl_context.continuation == CDPL_NONE && !(MayRunLive && cdpl_context.live)) return false;
    __syncthreads(); /* everyone has read the context before it changes */
    if (cdpl_thread_rank() == 0) {
        cdpl_state *state = cdpl_global(cdpl_context.state);
        unsigned int next = cdpl_context.continuation;
        if (MayRunLive && next == CDPL_NONE) {
            next = cdpl_take_held();
            if (next == CDPL_NONE) {
                /* Done running. What this block pushed counted itself in
                 * `running` first (cdpl_live_reserve), before the barrier
                 * above: atomics on one word follow that order, so no
                 * block sees the count fall to zero while a record pushed
                 * here is not done, and no fence is needed. */
                atomicSub(&state->live.running, 1);
                next = cdpl_live_take(state, cdpl_context.planned_goal);
            }
        }
        if (next != CDPL_NONE) {
            cdpl_begin_one_block_record<CompletionUnobserved>(next);
        } else {
            cdpl_return_block_holdings(state);
            cdpl_context.record = CDPL_NONE;
        }
    }
    cdpl_thread_slot *slot = cdpl_my_slot();
    slot->last_error = 0;
    slot->per_thread_last = CDPL_NONE;
    __syncthreads();
    return cdpl_context.record != CDPL_NONE;
}

/* The running record's parameters, as the kernel's parameter struct. */
template <typename Params> static __device__ __forceinline__ const Params &cdpl_block_params()
{
    return *reinterpret_cast<const Params *>(cdpl_context.params);
}

/* The largest parameter struct that cdpl_uniform_params copies word by word. */
#define CDPL_UNIFORM_PARAMS_MAX 64

/* `word`, read by every active thread of the warp from one address: the
 * same value in each, which a warp reduction (redux.sync, compute 8.0 and
 * later) puts in a uniform register, where ptxas knows it is the same for
 * the whole warp. */
static __device__ __forceinline__ unsigned int cdpl_warp_uniform(unsigned int word)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800 && !defined(CDPL_GPU_HIP)
    unsigned int active, uniform;
    asm volatile("activemask.b32 %0;" : "=r"(active));
    /* volatile: kept where it is written, never moved into a branch that
     * fewer threads than `active` take. */
    asm volatile("redux.sync.or.b32 %0, %1, %2;" : "=r"(uniform) : "r"(word), "r"(active));
    return uniform;
#else
    return word;
#endif
}

/* A kernel's parameters for its body: natively they are the same for the
 * whole grid, and ptxas knows it (they live in the constant bank). Read
 * from the record, they would not be known alike across the warp, and
 * ptxas kept reconvergence points (BSSY/BSYNC) around every loop that one
 * bounds: 8 more instructions an element in few_large's inner loop than
 * natively. A small struct is copied through cdpl_warp_uniform instead;
 * a larger one is read in place. */
template <typename Params, bool Small = sizeof(Params) % 4 == 0 && sizeof(Params) <= CDPL_UNIFORM_PARAMS_MAX>
struct cdpl_uniform_params_of {
    static __device__ __forceinline__ const Params &get(const void *raw) { return *static_cast<const Params *>(raw); }
};

template <typename Params> struct cdpl_uniform_params_of<Params, true> {
    static __device__ __forceinline__ Params get(const void *raw)
    {
        const unsigned int *words = static_cast<const unsigned int *>(raw);
        alignas(Params) unsigned int copy[sizeof(Params) / 4];
        for (unsigned int i = 0; i < sizeof(Params) / 4; ++i) copy[i] = cdpl_warp_uniform(words[i]);
        return *reinterpret_cast<const Params *>(copy);
    }
};

/* Bound to a const reference by the caller: a copy (small structs) or the
 * parameters in place. */
template <typename Params>
static __device__ __forceinline__ auto cdpl_uniform_params(const void *raw) -> decltype(cdpl_uniform_params_of<Params>::get(raw))
{
    return cdpl_uniform_params_of<Params>::get(raw);
}

template <typename Params>
static __device__ __forceinline__ auto cdpl_uniform_block_params() -> decltype(cdpl_uniform_params_of<Params>::get(nullptr))
{
    return cdpl_uniform_params_of<Params>::get(cdpl_context.params);
}

/* Kernels outside the runtime that reach virtualized code start with this. */
static __device__ __forceinline__ void cdpl_enter_native_block()
{
    if (cdpl_thread_rank() == 0) {
        cdpl_context.record = CDPL_NONE;
        cdpl_context.continue_kernel = 0;
        cdpl_context.block = make_uint3(blockIdx.x, blockIdx.y, blockIdx.z);
        cdpl_context.grid = make_uint3(gridDim.x, gridDim.y, gridDim.z);
    }
    __syncthreads();
}
#define CDPL_NATIVE_BLOCK() cdpl_enter_native_block()

#endif
