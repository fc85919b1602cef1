/* cdpl_launch.cuh
 *
 * A device-side launch (cdpl_launch): checked as CUDA checks it, given a
 * record, linked into its stream, and released once nothing it waits for is
 * pending.
 *
 * One part of the device runtime: lowered code includes cdpl.cuh, which
 * includes every part in order. */
#ifndef CDPL_LAUNCH_CUH
#define CDPL_LAUNCH_CUH

#include "cdpl_completion.cuh"

static __device__ cudaError_t cdpl_validate_config(const cdpl_launch_config &config)
{
    const dim3 &g = config.grid;
    const dim3 &b = config.block;
    if (!cdpl_shape_is_valid(g.x, g.y, g.z, b.x, b.y, b.z)) return cudaErrorInvalidConfiguration;
    return cudaSuccess;
}

/* What the runtime read about kernel `kernel_id` when it started, or NULL. */
static __device__ const cdpl_kernel_facts *cdpl_find_kernel_facts(const cdpl_state *state, unsigned int kernel_id)
{
    for (unsigned int k = 0; k < state->nkernel_facts; ++k)
        if (state->kernel_facts[k].kernel_id == kernel_id) return &state->kernel_facts[k];
    return NULL;
}

/* Natively a kernel's static and dynamic shared memory together get 48 KB
 * unless the host raised the kernel's dynamic limit (measured, CUDA 13.0,
 * H100: a device launch over it fails with cudaErrorInvalidConfiguration).
 * The entry's static shared memory is the kernel's plus the runtime's block
 * context, so the kernel's own is what the entry has beyond that; a limit
 * the host raised shows in the entry's attributes. */
static __device__ cudaError_t cdpl_check_shared_memory_fits(const cdpl_kernel_facts *facts, size_t dynamic_shmem)
{
    const size_t default_limit = 48u * 1024u;
    if (facts == NULL) return dynamic_shmem > default_limit ? cudaErrorInvalidConfiguration : cudaSuccess;
    size_t entry_static = facts->attributes.sharedSizeBytes;
    size_t kernel_static = entry_static > sizeof cdpl_context ? entry_static - sizeof cdpl_context : 0;
    size_t limit = kernel_static < default_limit ? default_limit - kernel_static : 0;
    if ((size_t)facts->attributes.maxDynamicSharedSizeBytes > limit)
        limit = (size_t)facts->attributes.maxDynamicSharedSizeBytes;
    return dynamic_shmem > limit ? cudaErrorInvalidConfiguration : cudaSuccess;
}

/* An entry holds the runtime's code as well as the kernel's, so it may need
 * more registers than the kernel does natively: a block larger than the
 * entry can run is refused at the launch, where the launching thread sees
 * it, instead of failing its whole wave. Blocks of up to 256 threads always
 * fit (255 registers a thread at most). */
static __device__ cudaError_t cdpl_check_entry_fits(const cdpl_kernel_facts *facts, const dim3 &block)
{
    unsigned int threads = block.x * block.y * block.z;
    if (threads <= 256u) return cudaSuccess;
    return facts != NULL && threads > (unsigned int)facts->attributes.maxThreadsPerBlock
               ? cudaErrorLaunchOutOfResources
               : cudaSuccess;
}

/* The object behind a stream or event handle made in device code, or NULL
 * when the handle is not a live object of that kind of the running grid. */
/* `*word` = `value`, in shared memory, the value before: an exchange with
 * release and acquire semantics at block scope, so that what this thread
 * wrote before it is there for the thread of the block that the exchange
 * tells of it next, before that thread's later writes. */
static __device__ __forceinline__ unsigned int cdpl_exchange_in_block(unsigned int *word, unsigned int value)
{
#if defined(__CUDA_ARCH__) && !defined(CDPL_GPU_HIP)
    unsigned int before;
    asm volatile("atom.acq_rel.cta.shared.exch.b32 %0, [%1], %2;"
                 : "=r"(before)
                 : "r"((unsigned int)__cvta_generic_to_shared(word)), "r"(value)
                 : "memory");
    return before;
#else
    __threadfence_block();
    const unsigned int before = atomicExch(word, value);
    __threadfence_block();
    return before;
#endif
}

static __device__ cdpl_stream_object *cdpl_named_object(const void *handle, unsigned int magic)
{
    cdpl_state *state = cdpl_context.state;
    const char *object = (const char *)handle;
    const char *base = (const char *)state->streams;
    if (object < base || (size_t)(object - base) % sizeof(cdpl_stream_object) != 0 ||
        (size_t)(object - base) / sizeof(cdpl_stream_object) >= state->stream_ring.capacity)
        return NULL;
    cdpl_stream_object *found = (cdpl_stream_object *)object;
    if (found->magic != magic || found->owner != cdpl_context.record) return NULL;
    return found;
}

/* What a stream argument names, once validated. */
struct cdpl_stream_target {
    size_t value;               /* 0..4 for the special streams, else a named stream */
    cdpl_stream_object *named;
};

static __device__ __forceinline__ bool cdpl_is_tail_or_fire_and_forget(size_t value)
{
    return value == CDPL_STREAM_TAIL_VALUE || value == CDPL_STREAM_FIRE_AND_FORGET_VALUE;
}

static __device__ cudaError_t cdpl_resolve_stream(cudaStream_t stream, cdpl_stream_target *target)
{
    target->value = (size_t)stream;
    target->named = NULL;
    if (target->value > CDPL_STREAM_FIRE_AND_FORGET_VALUE) {
        target->named = cdpl_named_object(stream, CDPL_STREAM_MAGIC);
        if (target->named == NULL) return cudaErrorInvalidResourceHandle;
    }
    return cudaSuccess;
}

/* Takes over the pending-launch slot of the block's record, if the block
 * still holds it (cdpl_block_context.pending_credit): the launch then
 * counts in `pending` where the record did, with no atomic on that word. */
static __device__ __forceinline__ bool cdpl_take_pending_credit()
{
    if (*(volatile int *)&cdpl_context.pending_credit <= 0) return false;
    if (atomicSub(&cdpl_context.pending_credit, 1) > 0) return true;
    atomicAdd(&cdpl_context.pending_credit, 1);
    return false;
}

/* Takes a record for the running grid: a pending-launch slot, then memory,
 * from the block's spare records first. Threads of the block may take at
 * the same time, but nothing adds spare records meanwhile, so a count that
 * was positive names a record no other thread takes. */
static __device__ unsigned int cdpl_take_record(cdpl_state *state)
{
    if (!cdpl_take_pending_credit() && atomicAdd(&state->pending, 1) >= (int)state->pending_limit) {
        atomicSub(&state->pending, 1);
        return CDPL_NONE;
    }
    if (*(volatile int *)&cdpl_context.spare_count > 0) {
        int spares = atomicSub(&cdpl_context.spare_count, 1);
        if (spares > 0) return cdpl_context.spare[spares - 1];
        atomicAdd(&cdpl_context.spare_count, 1);
    }
    unsigned int index = cdpl_ring_take(&state->record_ring);
    /* No memory: the record pool (CDPL_RECORD_POOL) is smaller than the live tree. */
    if (index == CDPL_NONE) atomicSub(&state->pending, 1);
    return index;
}

/* What a launch puts in a stream, as the shape of a ready record: the
 * first fields of its record, which the launching thread also keeps in
 * registers (cdpl_release_linked). */
static __device__ __forceinline__ cdpl_ready_shape cdpl_launch_shape(unsigned int kind, unsigned int kernel_id,
                                                                     unsigned int parent, const dim3 &grid,
                                                                     const dim3 &block, size_t shmem)
{
    cdpl_ready_shape shape;
    shape.kind = kind;
    shape.kernel_id = kernel_id;
    shape.parent = parent;
    shape.shmem = (unsigned int)shmem;
    shape.grid[0] = grid.x;
    shape.grid[1] = grid.y;
    shape.grid[2] = grid.z;
    shape.block[0] = block.x;
    shape.block[1] = block.y;
    shape.block[2] = block.z;
    return shape;
}

static_assert(sizeof(cdpl_record) <= CDPL_RECORD_HEADER_SIZE && CDPL_RECORD_HEADER_SIZE % CDPL_PARAMS_ALIGN == 0,
              "a record's parameters follow its header, CDPL_PARAMS_ALIGN-aligned (records are cudaMalloc'd, "
              "record_stride bytes apart, a multiple of CDPL_PARAMS_ALIGN)");

/* A launch's parameters into its record, whose parameters are
 * CDPL_PARAMS_ALIGN-aligned: in words where the launch's parameter struct
 * allows, which memcpy, knowing neither side's alignment, did byte by byte
 * (20 stores for tree_null's 20 bytes). */
static __device__ __forceinline__ void cdpl_store_params(unsigned char *to, const void *params, unsigned int size)
{
    void *aligned_to = __builtin_assume_aligned(to, CDPL_PARAMS_ALIGN);
    if (((size_t)params & 3u) == 0)
        memcpy(aligned_to, __builtin_assume_aligned(params, 4), size);
    else
        memcpy(aligned_to, params, size);
}

static __device__ void cdpl_fill_record(cdpl_record *record, const cdpl_ready_shape &shape, const void *params,
                                        unsigned int params_size)
{
    record->kernel_id = shape.kernel_id;
    record->kind = shape.kind;
    record->parent = shape.parent;
    for (int d = 0; d < 3; ++d) {
        record->grid[d] = shape.grid[d];
        record->block[d] = shape.block[d];
    }
    record->shmem = shape.shmem;
    record->flags = 0;
    record->deps = 1; /* the launcher's guard; once linked, what it waits for (cdpl_link) */
    record->outstanding = 1;
    record->blocks_left = cdpl_grid_blocks(record->grid);
    record->next = CDPL_NONE;
    record->tail_first = CDPL_NONE;
    record->tail_last = CDPL_NONE;
    record->streams = CDPL_NONE;
    record->waiters = CDPL_NONE;
    record->next_waiter = CDPL_NONE;
    record->params_size = params_size;
    cdpl_store_params((unsigned char *)record + CDPL_RECORD_HEADER_SIZE, params, params_size);
}

/* Puts a new record of the running grid behind the last one in its stream,
 * and into the grid's accounts. True when the record waits for another
 * record: the launcher's guard (cdpl_fill_record) then stands for that
 * one, and the launcher has nothing to release. What it waits for (a
 * record before it in its stream, or for a tail the grid's other work) is
 * the running grid or a child of it, and no child of a grid starts while a
 * block of the grid runs (docs/design.md), so no other thread can release
 * the record before the launcher has linked it, and the launch needs no
 * atomic on `deps`. What the launcher wrote reaches the thread that
 * releases it through the fence with which its block leaves
 * (cdpl_leave_block). But the next launch into the same stream, by
 * another thread, stores this record's `next` as soon as the exchange
 * tells it of the record: the record's own stores (cdpl_fill_record, whose
 * `next` is CDPL_NONE) must come first, or they can land after that store
 * and undo it. The successor then waits for a release that never comes,
 * and the tree stops: KLAP's BFS, whose parents' threads launch hundreds
 * of children each into their block's NULL stream, lost one in every run.
 * So the exchange of every stream shared by several threads comes after a
 * fence: the block's, for its NULL stream (cdpl_exchange_in_block). */
static __device__ bool cdpl_link(unsigned int index, const cdpl_stream_target &target)
{
    cdpl_record *record = cdpl_record_at(index);
    cdpl_record *up = cdpl_record_at(cdpl_context.record);
    unsigned int previous = CDPL_NONE;
    switch (target.value) {
    case 0:
    case CDPL_STREAM_LEGACY_VALUE:
        previous = cdpl_exchange_in_block(&cdpl_context.null_stream_last, index);
        break;
    case CDPL_STREAM_PER_THREAD_VALUE: {
        cdpl_thread_slot *slot = cdpl_my_slot();
        previous = slot->per_thread_last;
        slot->per_thread_last = index;
        break;
    }
    case CDPL_STREAM_TAIL_VALUE:
        /* A tail always waits: for its parent's other work, or the tail
         * before. It adds to no count; its `count_in` is its parent, whose
         * completion it completes or whose next tail it lets start. */
        record->flags |= CDPL_RECORD_TAIL;
        record->count_in = cdpl_context.record;
        record->count_hops = 0u;
        /* Other blocks of the grid find it through the exchange and store
         * its `next`: its own stores (cdpl_fill_record) must be there first. */
        __threadfence();
        previous = atomicExch(&up->tail_last, index);
        if (previous == CDPL_NONE) up->tail_first = index;
        break;
    case CDPL_STREAM_FIRE_AND_FORGET_VALUE:
        record->flags |= CDPL_RECORD_FIRE_AND_FORGET;
        break;
    default:
        __threadfence(); /* as for the tail stream: other blocks share a named stream */
        previous = atomicExch(&target.named->last, index);
        break;
    }
    if (previous != CDPL_NONE) cdpl_record_at(previous)->next = index;
    bool counts_here = true;
    if (target.value != CDPL_STREAM_TAIL_VALUE) {
        /* Read when the record completes, after the fence with which this
         * block leaves. */
        const unsigned int count_in = cdpl_context.children_count_in;
        record->count_in = count_in;
        record->count_hops = cdpl_context.children_count_hops;
        counts_here = count_in == cdpl_context.record;
        atomicAdd(&cdpl_record_at(count_in)->outstanding, 1);
    }
    if (counts_here) atomicExch(&cdpl_context.launched, 1u); /* threads of the block may launch at once */
    return previous != CDPL_NONE || target.value == CDPL_STREAM_TAIL_VALUE;
}

/* The host reports it when the runtime has started; before that there is
 * nowhere to leave the reason, and the launch only traps. */
static __device__ __noinline__ void cdpl_launch_outside_runtime()
{
    if (cdpl_module_state != NULL) cdpl_fail(cdpl_module_state, CDPL_RT_LAUNCH_OUTSIDE_RUNTIME, 0);
    __trap();
}

/* Everything that goes into a stream: a kernel launch, an event marker, a
 * copy. Returns the record, or CDPL_NONE after setting the thread's error;
 * *waits tells whether it waits for another record (cdpl_link), *shape
 * what it is (for cdpl_release_linked, without reading the record back). */
static __device__ unsigned int cdpl_enqueue(unsigned int kind, unsigned int kernel_id, const dim3 &grid,
                                            const dim3 &block, size_t shmem, const cdpl_stream_target &target,
                                            const void *params, unsigned int params_size, bool *waits,
                                            cdpl_ready_shape *shape)
{
    cdpl_state *state = cdpl_global(cdpl_context.state);
    unsigned int index = cdpl_take_record(state);
    if (index == CDPL_NONE) {
        cdpl_set_last_error(cudaErrorLaunchPendingCountExceeded);
        return CDPL_NONE;
    }
    *shape = cdpl_launch_shape(kind, kernel_id, cdpl_context.record, grid, block, shmem);
    cdpl_fill_record(cdpl_record_at(index), *shape, params, params_size);
    *waits = cdpl_link(index, target);
    return index;
}

[[maybe_unused]] static __device__ void cdpl_device_launch(const cdpl_launch_config &config, unsigned int kernel_id,
                                          const void *params, unsigned int params_size)
{
    if (!cdpl_in_runtime()) cdpl_launch_outside_runtime();
    cudaError_t error = cdpl_validate_config(config);
    /* The facts are a search through a table in global memory: a launch
     * that no limit can refuse (no dynamic shared memory, at most 256
     * threads) skips it, and with it a chain of dependent loads. */
    if (error == cudaSuccess && (config.shmem != 0 || config.block.x * config.block.y * config.block.z > 256u)) {
        const cdpl_kernel_facts *facts = cdpl_find_kernel_facts(cdpl_context.state, kernel_id);
        error = cdpl_check_shared_memory_fits(facts, config.shmem);
        if (error == cudaSuccess) error = cdpl_check_entry_fits(facts, config.block);
    }
    cdpl_stream_target target;
    if (error == cudaSuccess) error = cdpl_resolve_stream(config.stream, &target);
    if (error != cudaSuccess) {
        cdpl_set_last_error(error);
        return;
    }
    bool waits = false;
    cdpl_ready_shape shape;
    unsigned int index = cdpl_enqueue(CDPL_KIND_KERNEL, kernel_id, config.grid, config.block, config.shmem,
                                      target, params, params_size, &waits, &shape);
    /* A fire-and-forget child is meant to run beside the rest of the tree:
     * kept for this block, it would wait behind the block and its chain,
     * unless blocks of a live launch take the block's other children. */
    bool may_keep = target.value != CDPL_STREAM_FIRE_AND_FORGET_VALUE || cdpl_context.live != CDPL_LIVE_OFF;
    if (index != CDPL_NONE) cdpl_release_linked(cdpl_context.state, index, shape, waits, may_keep);
}

/* Launch from generated code: a record on the device, a drained root on the host. */
static inline __host__ __device__ void cdpl_launch(const cdpl_launch_config &config,
                                                   unsigned int kernel_id, const void *params,
                                                   unsigned int params_size)
{
#ifdef __CUDA_ARCH__
    cdpl_device_launch(config, kernel_id, params, params_size);
#else
    (void)cdpl_host_launch(kernel_id, config.grid, config.block, config.shmem, config.stream, params,
                           params_size);
#endif
}

#endif
