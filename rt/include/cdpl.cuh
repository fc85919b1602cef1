/* The device side of the cdpl runtime: what lowered code includes.
 *
 * A device-side launch becomes cdpl_launch(): it takes a record from the
 * pool, links it into its stream, and makes it ready once nothing it depends
 * on is pending. Ready records are grouped per (kernel, block shape) and run
 * by the host in waves (rt/src/drain.c). docs/design.md explains the scheme;
 * docs/semantics.md maps each CDP2 rule onto it.
 *
 * Nothing here names a user's __global__ function: kernels are ids. */
#ifndef CDPL_CUH
#define CDPL_CUH

#include "cdpl_gpu.h"
#include <stdio.h>
#include <stdlib.h>

#include "cdpl_abi.h"
#include "cdpl_host.h"

#define CDPL_STREAM_LEGACY_VALUE 0x1
#define CDPL_STREAM_PER_THREAD_VALUE 0x2
#define CDPL_STREAM_TAIL_VALUE 0x3
#define CDPL_STREAM_FIRE_AND_FORGET_VALUE 0x4

/* Names a type spelled with a declarator, e.g. a function pointer parameter. */
template <typename T> struct cdpl_identity {
    typedef T type;
};

/* The four `<<<...>>>` arguments, as a call argument. */
struct cdpl_launch_config {
    dim3 grid;
    dim3 block;
    size_t shmem;
    cudaStream_t stream;
};

static inline __host__ __device__ cdpl_launch_config cdpl_config(dim3 grid, dim3 block,
                                                                 size_t shmem = 0,
                                                                 cudaStream_t stream = 0)
{
    cdpl_launch_config config;
    config.grid = grid;
    config.block = block;
    config.shmem = shmem;
    config.stream = stream;
    return config;
}

/* How the running launch uses the live queue (cdpl_live_queue). */
enum cdpl_live_mode {
    CDPL_LIVE_OFF = 0,
    CDPL_LIVE_SHARED = 1,      /* its blocks share the records they make ready */
    CDPL_LIVE_WITH_SPARES = 2  /* ... and it has spare workers: all its blocks fit at once */
};

/* Records a block keeps from those it freed, for its own next launches. */
#define CDPL_SPARE_RECORDS 8
/* Ready children that a one-block grid holds back until its block is done. */
#define CDPL_DEFERRED_RECORDS 8

/* The block being run: which record, which virtual block of its grid. Every
 * kernel of a lowered file that can reach virtualized code sets it first.
 * A multiple of 16 bytes: an entry's static shared memory is counted in
 * 16-byte units, and cdpl_check_shared_memory_fits takes the kernel's own as
 * the entry's less this size (104 bytes showed as 112, and a launch of
 * exactly 48 KB of dynamic shared memory was refused). */
struct alignas(16) cdpl_block_context {
    cdpl_state *state;
    unsigned int record;            /* CDPL_NONE outside the runtime */
    uint3 block;
    uint3 grid;
    unsigned int null_stream_last;  /* this block's NULL stream */
    unsigned int threads_left;
    unsigned int thread_state_offset;
    const unsigned char *params;
    unsigned int continue_kernel;   /* 0, or the kernel this block may go on with */
    unsigned int continuation;      /* the ready record it will go on with, or CDPL_NONE */
    /* Records this block freed, which its next launches take before the
     * ring (cdpl_take_record): a chain of grids that one block runs by
     * continuation then takes and frees records without the ring's global
     * atomics. Only the block's last thread frees records, after every
     * other thread has left the body, so a take never meets a give. */
    int spare_count;
    unsigned int spare[CDPL_SPARE_RECORDS];
    unsigned int live;              /* enum cdpl_live_mode */
    unsigned long long planned_goal;/* cdpl_wave.planned_goal */
    /* Ready children of this block's one-block grid for the live queue,
     * pushed when the block is done (cdpl_live_push). */
    unsigned int deferred_count;
    unsigned int deferred[CDPL_DEFERRED_RECORDS];
};

static_assert(sizeof(cdpl_block_context) % 16 == 0, "see cdpl_check_shared_memory_fits");
static __shared__ cdpl_block_context cdpl_context;

/* The runtime's state, for device code in any kernel of this file (entries
 * also have it in cdpl_context); the host runtime sets it when it starts. */
static __device__ cdpl_state *cdpl_module_state;
extern __shared__ __align__(16) unsigned char cdpl_dynamic_shared[];

static __device__ __forceinline__ uint3 cdpl_blockIdx() { return cdpl_context.block; }
static __device__ __forceinline__ dim3 cdpl_gridDim()
{
    return dim3(cdpl_context.grid.x, cdpl_context.grid.y, cdpl_context.grid.z);
}

static __device__ __forceinline__ unsigned int cdpl_thread_rank()
{
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}

static __device__ __forceinline__ cdpl_thread_slot *cdpl_my_slot()
{
    return reinterpret_cast<cdpl_thread_slot *>(cdpl_dynamic_shared +
                                                cdpl_context.thread_state_offset) +
           cdpl_thread_rank();
}

static __device__ __forceinline__ bool cdpl_in_runtime() { return cdpl_context.record != CDPL_NONE; }

static __device__ __forceinline__ void cdpl_set_last_error(cudaError_t error)
{
    if (cdpl_in_runtime()) cdpl_my_slot()->last_error = (int)error;
}

/* The runtime's state, records, rings and queues are all device
 * allocations. Telling the compiler so turns its generic loads, stores and
 * atomics on them into global ones, and spares the registers that generic
 * addresses hold: entry kernels of few_large 40 -> 34 (ptxas). */
template <typename T> static __device__ __forceinline__ T *cdpl_global(T *pointer)
{
#if defined(__CUDA_ARCH__) && !defined(CDPL_GPU_HIP)
    __builtin_assume(__isGlobal((const void *)pointer));
#endif
    return pointer;
}

static __device__ __forceinline__ cdpl_record *cdpl_record_at(cdpl_state *state, unsigned int index)
{
    return cdpl_global(reinterpret_cast<cdpl_record *>(state->records + (size_t)index * state->record_stride));
}

/* ---- the free-index rings (records, named streams) ---------------------- */

static __device__ unsigned int cdpl_ring_take(cdpl_ring *ring)
{
    int available = atomicSub(&ring->available, 1);
    if (available <= 0) {
        atomicAdd(&ring->available, 1);
        return CDPL_NONE;
    }
    if (available - 1 < *(const int *)&ring->fewest_available) atomicMin(&ring->fewest_available, available - 1);
    unsigned long long ticket = atomicAdd(&ring->head, 1ull);
    unsigned long long turn = ticket >> ring->cell_bits;
    volatile unsigned long long *cell = cdpl_global(ring->cells) + (ticket & ((1ull << ring->cell_bits) - 1ull));
    unsigned long long value;
    /* A giver holding this cell for our turn may not have written it yet. */
    while (((value = *cell) >> 32) != 2 * turn + 1) {
    }
    *cell = (2 * turn + 2) << 32;
    return (unsigned int)value;
}

static __device__ void cdpl_ring_give(cdpl_ring *ring, unsigned int index)
{
    unsigned long long ticket = atomicAdd(&ring->tail, 1ull);
    unsigned long long turn = ticket >> ring->cell_bits;
    volatile unsigned long long *cell = cdpl_global(ring->cells) + (ticket & ((1ull << ring->cell_bits) - 1ull));
    /* The taker of the previous lap may still be reading this cell. */
    while ((*cell >> 32) != 2 * turn) {
    }
    *cell = ((2 * turn + 1) << 32) | index;
    __threadfence();
    atomicAdd(&ring->available, 1);
}

/* ---- scheduling ---------------------------------------------------------- */

/* Stops the program: the host reports `error` (cdpl_failure). Every
 * failing thread writes its reason in one 8-byte store before it traps, so
 * whichever trap ends the program, the reason there is whole and true. */
static __device__ __noinline__ void cdpl_fail(cdpl_state *state, unsigned int error, unsigned int detail)
{
    *(volatile unsigned long long *)state->failure = (unsigned long long)detail << 32 | error;
    __threadfence_system();
    __trap();
}

static __device__ __forceinline__ unsigned long long cdpl_group_key(unsigned int kernel_id,
                                                                    const unsigned int block[3])
{
    return (1ull << 63) | ((unsigned long long)kernel_id << 26) |
           ((unsigned long long)(block[0] - 1) << 16) | ((unsigned long long)(block[1] - 1) << 6) |
           (unsigned long long)(block[2] - 1);
}

static __device__ __forceinline__ unsigned long long cdpl_grid_blocks(const unsigned int grid[3])
{
    return (unsigned long long)grid[0] * grid[1] * grid[2];
}

/* Queues a ready record for the next wave. */
static __device__ void cdpl_push_ready(cdpl_state *state, unsigned int index)
{
    cdpl_record *record = cdpl_record_at(state, index);
    unsigned long long key = cdpl_group_key(record->kernel_id, record->block);
    unsigned long long blocks = cdpl_grid_blocks(record->grid);
    unsigned int slot = (unsigned int)((key * 0x9e3779b97f4a7c15ull) >> 54) % CDPL_GROUP_TABLE_SIZE;
    for (unsigned int probe = 0;; ++probe) {
        if (probe == CDPL_GROUP_TABLE_SIZE)
            cdpl_fail(state, CDPL_RT_GROUP_TABLE_FULL, CDPL_GROUP_TABLE_SIZE);
        /* Most records of a wave go to a few groups: read before writing,
         * so that a slot already holding the key costs no atomic. */
        unsigned long long seen = *(volatile unsigned long long *)&cdpl_global(state->table)[slot].key;
        if (seen == key) break;
        if (seen == 0ull) seen = atomicCAS(&cdpl_global(state->table)[slot].key, 0ull, key);
        if (seen == 0ull || seen == key) break;
        slot = (slot + 1) % CDPL_GROUP_TABLE_SIZE;
    }
    cdpl_group_slot *group = &cdpl_global(state->table)[slot];
    unsigned long long packed = atomicAdd(&group->packed, (1ull << CDPL_GROUP_BLOCK_BITS) | blocks);
    if ((packed & CDPL_GROUP_BLOCK_MASK) + blocks > CDPL_GROUP_BLOCK_MASK)
        cdpl_fail(state, CDPL_RT_BLOCK_COUNT_OVERFLOW, record->kernel_id);
    if (record->shmem > *(volatile unsigned int *)&group->shmem) atomicMax(&group->shmem, record->shmem);
    unsigned int position = atomicAdd(&state->nready, 1u);
    cdpl_ready_item item;
    item.first_block = packed & CDPL_GROUP_BLOCK_MASK;
    item.record = index;
    item.slot = slot;
    item.index = (unsigned int)(packed >> CDPL_GROUP_BLOCK_BITS);
    item.reserved = 0;
    cdpl_global(state->ready)[position] = item;
}

/* A record that a block of the running launch can run when it is done:
 * one block of the kernel this launch runs, with its block shape and room
 * for its shared memory. */
static __device__ bool cdpl_fits_this_launch(const cdpl_record *record)
{
    if (cdpl_context.continue_kernel == 0) return false;
    if (record->kind != CDPL_KIND_KERNEL || record->kernel_id != cdpl_context.continue_kernel) return false;
    if (record->grid[0] != 1 || record->grid[1] != 1 || record->grid[2] != 1) return false;
    if (record->block[0] != blockDim.x || record->block[1] != blockDim.y || record->block[2] != blockDim.z)
        return false;
    return record->shmem <= cdpl_context.thread_state_offset;
}

/* Whether the grid that launched `record` can launch nothing more: its
 * blocks are all done. A record may start early only then: otherwise one
 * of those blocks could still link a record behind it in its stream (a
 * named stream is the grid's) and wait for a completion that has already
 * passed, or see the child's writes before it exits. */
static __device__ bool cdpl_parent_is_done(cdpl_state *state, const cdpl_record *record)
{
    unsigned int parent = record->parent;
    return parent != CDPL_NONE && parent != cdpl_context.record &&
           *(volatile unsigned long long *)&cdpl_record_at(state, parent)->blocks_left == 0ull;
}

/* A ready record that fits this block may run in it once the block is done
 * rather than in the next wave: the first one made ready by this block's
 * threads is kept. Only delays it, which CDP2 allows, and keeps the
 * invariant of docs/design.md: nothing links behind a started record. The
 * running grid may be its parent if this block is the grid's only one:
 * done when the kept record starts. */
static __device__ bool cdpl_keep_for_this_block(cdpl_state *state, unsigned int index)
{
    const cdpl_record *record = cdpl_record_at(state, index);
    if (!cdpl_fits_this_launch(record)) return false;
    bool only_block_is_parent = record->parent == cdpl_context.record && cdpl_context.grid.x == 1 &&
                                cdpl_context.grid.y == 1 && cdpl_context.grid.z == 1;
    if (!only_block_is_parent && !cdpl_parent_is_done(state, record)) return false;
    return atomicCAS(&cdpl_context.continuation, CDPL_NONE, index) == CDPL_NONE;
}

/* A cell of the live queue whose taker gave it up (cdpl_live_take). */
#define CDPL_LIVE_ABANDONED 0xfffffffeu

/* Puts ready record `index` in the live queue, unless 16 records per block
 * of the launch already wait there: past that, a record would wait long for
 * blocks of this launch to be done, while the next wave runs it beside all
 * the others. It counts as running until it is done, so that no waiting
 * block leaves while it may still launch more. */
static __device__ __noinline__ bool cdpl_live_enqueue(cdpl_state *state, unsigned int index)
{
    state = cdpl_global(state);
    cdpl_live_queue *queue = &state->live;
    if (*(volatile unsigned long long *)&queue->tail >=
        *(volatile unsigned long long *)&queue->head + 16ull * gridDim.x)
        return false;
    atomicAdd(&queue->running, 1);
    /* A position whose taker gave up, or whose cell still holds a record of
     * the previous lap, is passed over: the next one is tried. */
    for (;;) {
        unsigned long long position = atomicAdd(&queue->tail, 1ull);
        unsigned int *cell = cdpl_global(queue->cells) + (position & (queue->capacity - 1u));
        unsigned int seen = atomicCAS(cell, CDPL_NONE, index);
        if (seen == CDPL_NONE) return true;
        if (seen == CDPL_LIVE_ABANDONED) atomicCAS(cell, CDPL_LIVE_ABANDONED, CDPL_NONE);
    }
}

/* A ready record that fits this launch goes to the live queue, where the
 * next block of the launch to be done takes it (spare workers wait there):
 * it starts as soon as a block is free instead of in the next wave, as
 * natively a ready child starts as soon as the GPU has room. A child of
 * this block's own one-block grid waits in the block until the block is
 * done (cdpl_leave_block): a parent never sees its children's writes
 * before it exits, and nothing may link behind a started record. */
static __device__ bool cdpl_live_push(cdpl_state *state, unsigned int index)
{
    const cdpl_record *record = cdpl_record_at(state, index);
    if (!cdpl_fits_this_launch(record) || cdpl_context.live == CDPL_LIVE_OFF) return false;
    if (cdpl_parent_is_done(state, record)) return cdpl_live_enqueue(state, index);
    bool only_block_is_parent = record->parent == cdpl_context.record && cdpl_context.grid.x == 1 &&
                                cdpl_context.grid.y == 1 && cdpl_context.grid.z == 1;
    if (!only_block_is_parent) return false;
    unsigned int slot = atomicAdd(&cdpl_context.deferred_count, 1u);
    if (slot < CDPL_DEFERRED_RECORDS) {
        cdpl_context.deferred[slot] = index;
        return true;
    }
    atomicSub(&cdpl_context.deferred_count, 1u);
    return false;
}

/* The block is done: the children it held back may start. */
static __device__ void cdpl_push_deferred(cdpl_state *state)
{
    unsigned int count = cdpl_context.deferred_count;
    cdpl_context.deferred_count = 0;
    for (unsigned int i = 0; i < count && i < CDPL_DEFERRED_RECORDS; ++i)
        if (!cdpl_live_enqueue(state, cdpl_context.deferred[i])) cdpl_push_ready(state, cdpl_context.deferred[i]);
}

/* Waiting blocks poll their cell: the pause grows so that thousands of
 * spare workers do not crowd the memory that running blocks use. */
static __device__ __forceinline__ void cdpl_pause(unsigned int *nanoseconds)
{
#ifdef CDPL_GPU_HIP
    __builtin_amdgcn_s_sleep(2);
#else
    __nanosleep(*nanoseconds);
#endif
    if (*nanoseconds < 1024u) *nanoseconds *= 2u;
}

/* Cycles a block waits while no record is pushed before it leaves (about
 * 0.25 ms): spare workers of a launch whose records all run by
 * continuation (a chain of NULL-stream grids) would otherwise poll for as
 * long as the chain runs, and planned blocks that have not begun may be
 * waiting for the room that waiting blocks hold (another program's kernels
 * share the GPU). */
#define CDPL_LIVE_WAIT_CYCLES (1ll << 19)

/* Takes a record from the live queue for this block (thread 0): the block
 * takes the next position and waits for its record there, as long as a
 * record or a body of the launch is still running or a planned block has
 * not begun, and records are still pushed (CDPL_LIVE_WAIT_CYCLES); CDPL_NONE
 * when it leaves.
 * A block that leaves marks its position abandoned, and a record pushed
 * there after all goes to the next one, so leaving early only costs
 * parallelism. Records are taken with a compare-and-swap: a block still
 * waiting at a cell a lap later may meet the record of the cell's next
 * position, and a record must run once. */
static __device__ __noinline__ unsigned int cdpl_live_take(cdpl_state *state, unsigned long long planned_goal)
{
    state = cdpl_global(state);
    cdpl_live_queue *queue = &state->live;
    /* Without spare workers, planned blocks that have not begun need the
     * room this block holds more than it needs a record. */
    if (cdpl_context.live != CDPL_LIVE_WITH_SPARES &&
        *(volatile unsigned long long *)&queue->planned_begun < planned_goal)
        return CDPL_NONE;
    unsigned long long position = atomicAdd(&queue->head, 1ull);
    unsigned int *cell = cdpl_global(queue->cells) + (position & (queue->capacity - 1u));
    unsigned int pause = 32u, polls = 0;
    long long waiting_since = clock64();
    unsigned long long pushed = *(volatile unsigned long long *)&queue->tail;
    for (;;) {
        unsigned int seen = *(volatile unsigned int *)cell;
        if (seen == CDPL_NONE || seen == CDPL_LIVE_ABANDONED) {
            /* The counters are a few hot words that running blocks update:
             * they are read on every fourth poll only. */
            if (++polls % 4u != 0u) {
                cdpl_pause(&pause);
                continue;
            }
            bool all_begun = *(volatile unsigned long long *)&queue->planned_begun >= planned_goal;
            bool none_running = *(volatile int *)&queue->running == 0;
            unsigned long long pushed_now = *(volatile unsigned long long *)&queue->tail;
            if (pushed_now != pushed) {
                pushed = pushed_now;
                waiting_since = clock64();
            }
            bool wait = all_begun ? !none_running : cdpl_context.live == CDPL_LIVE_WITH_SPARES;
            if (wait && clock64() - waiting_since <= CDPL_LIVE_WAIT_CYCLES) {
                cdpl_pause(&pause);
                continue;
            }
            /* An earlier lap's mark already sends pushers past this cell. */
            if (seen == CDPL_LIVE_ABANDONED) return CDPL_NONE;
            seen = atomicCAS(cell, CDPL_NONE, CDPL_LIVE_ABANDONED);
            if (seen == CDPL_NONE || seen == CDPL_LIVE_ABANDONED) return CDPL_NONE;
            /* A record came after all. */
        }
        if (atomicCAS(cell, seen, CDPL_NONE) == seen) {
            __threadfence();
            return seen;
        }
    }
}

static __device__ __forceinline__ void cdpl_release(cdpl_state *state, unsigned int index, bool may_keep = true)
{
    __threadfence();
    if (atomicSub(&cdpl_record_at(state, index)->deps, 1) == 1 &&
        !(may_keep && cdpl_keep_for_this_block(state, index)) && !cdpl_live_push(state, index))
        cdpl_push_ready(state, index);
}

/* Frees a completed record: the block keeps it for its own next launches
 * while it has room, else it goes back to the ring. Only the block's last
 * thread completes records. */
static __device__ void cdpl_free_record(cdpl_state *state, unsigned int index)
{
    if (cdpl_context.spare_count < CDPL_SPARE_RECORDS)
        cdpl_context.spare[cdpl_context.spare_count++] = index;
    else
        cdpl_ring_give(&state->record_ring, index);
}

/* The block runs nothing more: what it kept goes back to the ring. */
static __device__ void cdpl_return_spare_records(cdpl_state *state)
{
    for (int i = 0; i < cdpl_context.spare_count; ++i) cdpl_ring_give(&state->record_ring, cdpl_context.spare[i]);
    cdpl_context.spare_count = 0;
}

/* A grid whose blocks, children and tails are all done: free it and pass
 * the news on, up the tree, for as long as each parent completes in turn. */
static __device__ void cdpl_complete(cdpl_state *state, unsigned int index)
{
    for (;;) {
        __threadfence();
        cdpl_record *record = cdpl_record_at(state, index);
        unsigned int next = record->next;
        unsigned int parent = record->parent;
        bool is_tail = (record->flags & CDPL_RECORD_TAIL) != 0;
        for (unsigned int s = record->streams; s != CDPL_NONE;) {
            unsigned int following = cdpl_global(state->streams)[s].next_owned;
            cdpl_global(state->streams)[s].magic = 0;
            cdpl_ring_give(&state->stream_ring, s);
            s = following;
        }
        for (unsigned int w = record->waiters; w != CDPL_NONE;) {
            unsigned int following = cdpl_record_at(state, w)->next_waiter;
            cdpl_release(state, w);
            w = following;
        }
        cdpl_free_record(state, index);
        if (next != CDPL_NONE) cdpl_release(state, next);
        if (parent == CDPL_NONE) {
            atomicAdd(&state->roots_done, 1ull);
            return;
        }
        if (is_tail) {
            if (next != CDPL_NONE) return; /* the next tail of the parent runs */
            index = parent;
            continue;
        }
        cdpl_record *up = cdpl_record_at(state, parent);
        __threadfence();
        if (atomicSub(&up->outstanding, 1) != 1) return;
        if (up->tail_first != CDPL_NONE) {
            cdpl_release(state, up->tail_first);
            return;
        }
        index = parent;
    }
}

/* The grid's own blocks and its non-tail children are done. */
static __device__ void cdpl_outstanding_done(cdpl_state *state, unsigned int index)
{
    cdpl_record *record = cdpl_record_at(state, index);
    __threadfence();
    if (atomicSub(&record->outstanding, 1) != 1) return;
    if (record->tail_first != CDPL_NONE)
        cdpl_release(state, record->tail_first);
    else
        cdpl_complete(state, index);
}

/* ---- launching ----------------------------------------------------------- */

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

/* Takes a record for the running grid: a pending-launch slot, then memory,
 * from the block's spare records first. Threads of the block may take at
 * the same time, but nothing adds spare records meanwhile, so a count that
 * was positive names a record no other thread takes. */
static __device__ unsigned int cdpl_take_record(cdpl_state *state)
{
    if (atomicAdd(&state->pending, 1) >= (int)state->pending_limit) {
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

static __device__ void cdpl_fill_record(cdpl_record *record, unsigned int kind, unsigned int kernel_id,
                                        unsigned int parent, const dim3 &grid, const dim3 &block,
                                        size_t shmem, const void *params, unsigned int params_size)
{
    record->kernel_id = kernel_id;
    record->kind = kind;
    record->parent = parent;
    record->grid[0] = grid.x;
    record->grid[1] = grid.y;
    record->grid[2] = grid.z;
    record->block[0] = block.x;
    record->block[1] = block.y;
    record->block[2] = block.z;
    record->shmem = (unsigned int)shmem;
    record->flags = 0;
    record->deps = 1; /* the launcher's guard, until the record is linked */
    record->outstanding = 1;
    record->blocks_left = cdpl_grid_blocks(record->grid);
    record->next = CDPL_NONE;
    record->tail_first = CDPL_NONE;
    record->tail_last = CDPL_NONE;
    record->streams = CDPL_NONE;
    record->waiters = CDPL_NONE;
    record->next_waiter = CDPL_NONE;
    record->params_size = params_size;
    memcpy((unsigned char *)record + CDPL_RECORD_HEADER_SIZE, params, params_size);
}

/* Puts a new record of the running grid behind the last one in its stream,
 * and into the grid's accounts. The caller then drops the guard. */
static __device__ void cdpl_link(cdpl_state *state, unsigned int index, const cdpl_stream_target &target)
{
    cdpl_record *record = cdpl_record_at(state, index);
    cdpl_record *up = cdpl_record_at(state, cdpl_context.record);
    unsigned int previous = CDPL_NONE;
    switch (target.value) {
    case 0:
    case CDPL_STREAM_LEGACY_VALUE:
        previous = atomicExch(&cdpl_context.null_stream_last, index);
        break;
    case CDPL_STREAM_PER_THREAD_VALUE: {
        cdpl_thread_slot *slot = cdpl_my_slot();
        previous = slot->per_thread_last;
        slot->per_thread_last = index;
        break;
    }
    case CDPL_STREAM_TAIL_VALUE:
        /* A tail always waits: for its parent's other work, or the tail before. */
        record->flags |= CDPL_RECORD_TAIL;
        record->deps += 1;
        previous = atomicExch(&up->tail_last, index);
        if (previous == CDPL_NONE) up->tail_first = index;
        break;
    case CDPL_STREAM_FIRE_AND_FORGET_VALUE:
        break;
    default:
        previous = atomicExch(&target.named->last, index);
        break;
    }
    if (previous != CDPL_NONE) {
        cdpl_record_at(state, previous)->next = index;
        if (target.value != CDPL_STREAM_TAIL_VALUE) record->deps += 1;
    }
    if (target.value != CDPL_STREAM_TAIL_VALUE) atomicAdd(&up->outstanding, 1);
}

/* The host reports it when the runtime has started; before that there is
 * nowhere to leave the reason, and the launch only traps. */
static __device__ __noinline__ void cdpl_launch_outside_runtime()
{
    if (cdpl_module_state != NULL) cdpl_fail(cdpl_module_state, CDPL_RT_LAUNCH_OUTSIDE_RUNTIME, 0);
    __trap();
}

/* Everything that goes into a stream: a kernel launch, an event marker, a
 * copy. Returns the record, or CDPL_NONE after setting the thread's error. */
static __device__ unsigned int cdpl_enqueue(unsigned int kind, unsigned int kernel_id, const dim3 &grid,
                                            const dim3 &block, size_t shmem, const cdpl_stream_target &target,
                                            const void *params, unsigned int params_size)
{
    cdpl_state *state = cdpl_global(cdpl_context.state);
    unsigned int index = cdpl_take_record(state);
    if (index == CDPL_NONE) {
        cdpl_set_last_error(cudaErrorLaunchPendingCountExceeded);
        return CDPL_NONE;
    }
    cdpl_fill_record(cdpl_record_at(state, index), kind, kernel_id, cdpl_context.record, grid, block, shmem,
                     params, params_size);
    cdpl_link(state, index, target);
    return index;
}

[[maybe_unused]] static __device__ void cdpl_device_launch(const cdpl_launch_config &config, unsigned int kernel_id,
                                          const void *params, unsigned int params_size)
{
    if (!cdpl_in_runtime()) cdpl_launch_outside_runtime();
    cudaError_t error = cdpl_validate_config(config);
    const cdpl_kernel_facts *facts = cdpl_find_kernel_facts(cdpl_context.state, kernel_id);
    if (error == cudaSuccess) error = cdpl_check_shared_memory_fits(facts, config.shmem);
    if (error == cudaSuccess) error = cdpl_check_entry_fits(facts, config.block);
    cdpl_stream_target target;
    if (error == cudaSuccess) error = cdpl_resolve_stream(config.stream, &target);
    if (error != cudaSuccess) {
        cdpl_set_last_error(error);
        return;
    }
    unsigned int index = cdpl_enqueue(CDPL_KIND_KERNEL, kernel_id, config.grid, config.block, config.shmem,
                                      target, params, params_size);
    /* A fire-and-forget child is meant to run beside the rest of the tree:
     * kept for this block, it would wait behind the block and its chain,
     * unless blocks of a live launch take the block's other children. */
    if (index != CDPL_NONE)
        cdpl_release(cdpl_context.state, index,
                     target.value != CDPL_STREAM_FIRE_AND_FORGET_VALUE || cdpl_context.live != CDPL_LIVE_OFF);
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

/* ---- entry kernels ------------------------------------------------------- */

/* Makes ready one-block record `index` the block's record (thread 0). */
static __device__ void cdpl_begin_one_block_record(cdpl_state *state, unsigned int index)
{
    const cdpl_record *record = cdpl_record_at(state, index);
    cdpl_context.record = index;
    cdpl_context.block = make_uint3(0, 0, 0);
    cdpl_context.grid = make_uint3(1, 1, 1);
    cdpl_context.null_stream_last = CDPL_NONE;
    cdpl_context.threads_left = blockDim.x * blockDim.y * blockDim.z;
    cdpl_context.params = (const unsigned char *)record + CDPL_RECORD_HEADER_SIZE;
    cdpl_context.continuation = CDPL_NONE;
    cdpl_context.deferred_count = 0;
    /* It begins now: no longer a pending launch. */
    atomicSub(&state->pending, 1);
    atomicAdd(&state->records_continued, 1ull);
}

/* Makes the planned item of this block its record and virtual block (thread 0). */
static __device__ void cdpl_begin_planned_block(const cdpl_wave &wave)
{
    unsigned long long block = wave.block_base + blockIdx.x;
    const cdpl_wave_item *items = cdpl_global(wave.items);
    cdpl_state *state = cdpl_global(wave.state);
    /* Items are sorted by first block and each has at least one, so an
     * item at position `block` that starts there is this block's: the
     * common case of one-block grids needs no search. */
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
    cdpl_record *record = cdpl_record_at(state, item.record);
    unsigned long long virtual_block = block - item.first_block;
    cdpl_context.record = item.record;
    cdpl_context.grid = make_uint3(record->grid[0], record->grid[1], record->grid[2]);
    /* 32-bit division where the grid allows it: a 64-bit one is a subroutine
     * call, which raises the register count of every entry kernel. */
    unsigned long long row;
    unsigned int x;
    if (virtual_block <= 0xffffffffull) {
        row = (unsigned int)virtual_block / record->grid[0];
        x = (unsigned int)virtual_block % record->grid[0];
    } else {
        row = virtual_block / record->grid[0];
        x = (unsigned int)(virtual_block - row * record->grid[0]);
    }
    /* grid[1] and grid[2] are below 2^16, so row / grid[1] fits 32 bits. */
    unsigned int y, z;
    if (row <= 0xffffffffull) {
        y = (unsigned int)row % record->grid[1];
        z = (unsigned int)row / record->grid[1];
    } else {
        z = (unsigned int)(row / record->grid[1]);
        y = (unsigned int)(row - (unsigned long long)z * record->grid[1]);
    }
    cdpl_context.block = make_uint3(x, y, z);
    cdpl_context.null_stream_last = CDPL_NONE;
    cdpl_context.threads_left = blockDim.x * blockDim.y * blockDim.z;
    cdpl_context.params = (const unsigned char *)record + CDPL_RECORD_HEADER_SIZE;
    cdpl_context.continuation = CDPL_NONE;
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
 * registers. */
template <bool MayRunLive>
static __device__ bool cdpl_enter_block(const cdpl_wave &wave, unsigned int continue_kernel = 0)
{
    if (cdpl_thread_rank() == 0) {
        cdpl_context.state = wave.state;
        cdpl_context.thread_state_offset = wave.thread_state_offset;
        cdpl_context.continue_kernel = continue_kernel;
        cdpl_context.spare_count = 0;
        cdpl_context.deferred_count = 0;
        cdpl_context.live = !MayRunLive || continue_kernel == 0 || wave.live == 0 ? CDPL_LIVE_OFF
                            : gridDim.x > wave.planned_blocks ? CDPL_LIVE_WITH_SPARES
                                                              : CDPL_LIVE_SHARED;
        cdpl_context.planned_goal = wave.planned_goal;
        if (blockIdx.x < wave.planned_blocks) {
            cdpl_begin_planned_block(wave);
        } else {
            cdpl_state *state = cdpl_global(wave.state);
            unsigned int index = MayRunLive && cdpl_context.live ? cdpl_live_take(state, wave.planned_goal) : CDPL_NONE;
            if (index != CDPL_NONE)
                cdpl_begin_one_block_record(state, index);
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

/* Last thing of every thread of an entry kernel. The last thread of the
 * block reports it; no barrier, so threads that returned early behave as if
 * they had exited, as natively. */
static __device__ void cdpl_leave_block()
{
    __threadfence();
    if (atomicSub(&cdpl_context.threads_left, 1u) != 1u) return;
    cdpl_state *state = cdpl_global(cdpl_context.state);
    unsigned int index = cdpl_context.record;
    cdpl_record *record = cdpl_record_at(state, index);
    __threadfence();
    /* The only block of its grid is the last one without asking: a store
     * tells cdpl_keep_for_this_block, and saves a round trip to memory. */
    bool last_block;
    if (cdpl_context.grid.x == 1 && cdpl_context.grid.y == 1 && cdpl_context.grid.z == 1) {
        *(volatile unsigned long long *)&record->blocks_left = 0ull;
        last_block = true;
    } else {
        last_block = atomicAdd(&record->blocks_left, ~0ull) == 1ull;
    }
    if (cdpl_context.deferred_count != 0) cdpl_push_deferred(state);
    if (last_block) cdpl_outstanding_done(state, index);
    /* Every thread has left and the cascade is done: the continuation is settled. */
    if (cdpl_context.continuation == CDPL_NONE) cdpl_return_spare_records(state);
}

/* Last thing of every thread of an entry whose kernel never waits at a
 * barrier: leaves the block, then goes on with the record the block kept
 * (cdpl_keep_for_this_block) or, MayRunLive, one from the live queue, and
 * returns true so that the entry runs the body again. */
template <bool MayRunLive> [[maybe_unused]] static __device__ bool cdpl_leave_block_or_continue()
{
    cdpl_leave_block();
    __syncthreads();
    if (cdpl_context.continuation == CDPL_NONE && !(MayRunLive && cdpl_context.live)) return false;
    __syncthreads(); /* everyone has read the context before it changes */
    if (cdpl_thread_rank() == 0) {
        cdpl_state *state = cdpl_global(cdpl_context.state);
        unsigned int next = cdpl_context.continuation;
        if (MayRunLive && next == CDPL_NONE) {
            /* Done running: what the body pushed is in the queue by now. */
            __threadfence();
            atomicSub(&state->live.running, 1);
            next = cdpl_live_take(state, cdpl_context.planned_goal);
        }
        if (next != CDPL_NONE)
            cdpl_begin_one_block_record(state, next);
        else
            cdpl_context.record = CDPL_NONE;
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

/* ---- the scheduler's kernels, registered with every module --------------- */

/* Turns the ready items of the wave that just ended into the next wave's
 * groups. One block: a scan over the table's slots, then a scatter. */
static __global__ void cdpl_plan_kernel(cdpl_state *state)
{
    __shared__ unsigned int group_of_chunk[CDPL_PLAN_THREADS];
    __shared__ unsigned long long items_of_chunk[CDPL_PLAN_THREADS];
    const unsigned int per_thread = CDPL_GROUP_TABLE_SIZE / CDPL_PLAN_THREADS;
    unsigned int first_slot = threadIdx.x * per_thread;
    unsigned int groups = 0;
    unsigned long long items = 0;
    for (unsigned int s = first_slot; s < first_slot + per_thread; ++s)
        if (state->table[s].key != 0ull) {
            ++groups;
            items += state->table[s].packed >> CDPL_GROUP_BLOCK_BITS;
        }
    group_of_chunk[threadIdx.x] = groups;
    items_of_chunk[threadIdx.x] = items;
    __syncthreads();
    /* Where each thread's groups and items start: a prefix sum over the
     * block in log2(threads) steps rather than one thread's 1024. */
    for (unsigned int offset = 1; offset < CDPL_PLAN_THREADS; offset <<= 1) {
        unsigned int groups_before = threadIdx.x >= offset ? group_of_chunk[threadIdx.x - offset] : 0u;
        unsigned long long items_before = threadIdx.x >= offset ? items_of_chunk[threadIdx.x - offset] : 0ull;
        __syncthreads();
        group_of_chunk[threadIdx.x] += groups_before;
        items_of_chunk[threadIdx.x] += items_before;
        __syncthreads();
    }
    if (threadIdx.x == CDPL_PLAN_THREADS - 1) state->plan->ngroups = group_of_chunk[threadIdx.x];
    unsigned int group = group_of_chunk[threadIdx.x] - groups;
    unsigned long long first_item = items_of_chunk[threadIdx.x] - items;
    for (unsigned int s = first_slot; s < first_slot + per_thread; ++s) {
        cdpl_group_slot *slot = &state->table[s];
        if (slot->key == 0ull) continue;
        cdpl_group g;
        g.kernel_id = (unsigned int)(slot->key >> 26);
        g.block[0] = (unsigned int)((slot->key >> 16) & 1023u) + 1u;
        g.block[1] = (unsigned int)((slot->key >> 6) & 1023u) + 1u;
        g.block[2] = (unsigned int)(slot->key & 63u) + 1u;
        g.shmem = slot->shmem;
        g.count = (unsigned int)(slot->packed >> CDPL_GROUP_BLOCK_BITS);
        g.blocks = slot->packed & CDPL_GROUP_BLOCK_MASK;
        g.first_item = first_item;
        state->groups[group] = g;
        if (group < CDPL_PLAN_INLINE_GROUPS) state->plan->groups[group] = g;
        slot->group = group;
        first_item += g.count;
        ++group;
    }
    __syncthreads();
    unsigned int nready = state->nready;
    int begun = 0;
    for (unsigned int i = threadIdx.x; i < nready; i += blockDim.x) {
        cdpl_ready_item item = state->ready[i];
        if (cdpl_record_at(state, item.record)->parent != CDPL_NONE) ++begun;
        cdpl_wave_item placed;
        placed.first_block = item.first_block;
        placed.record = item.record;
        placed.reserved = 0;
        state->wave_items[state->groups[state->table[item.slot].group].first_item + item.index] = placed;
    }
    /* Device launches stop being pending once their wave is planned. */
    if (begun != 0) atomicSub(&state->pending, begun);
    __syncthreads();
    for (unsigned int s = first_slot; s < first_slot + per_thread; ++s) {
        state->table[s].key = 0ull;
        state->table[s].packed = 0ull;
        state->table[s].shmem = 0u;
    }
    /* The live queue's blocks that left the last launches took positions
     * that no record reached: the next pushes start after them. */
    cdpl_live_queue *live = &state->live;
    if (threadIdx.x == 0) state->plan->live_pushed = live->tail;
    for (unsigned long long position = live->tail + threadIdx.x; position < live->head; position += blockDim.x)
        live->cells[position & (live->capacity - 1u)] = CDPL_NONE;
    __syncthreads();
    if (threadIdx.x == 0) {
        if (live->head > live->tail) live->tail = live->head;
        state->plan->live_restart = live->tail;
        state->nready = 0;
        state->plan->roots_done = state->roots_done;
        state->plan->records_continued = state->records_continued;
        state->plan->records_peak = state->record_ring.capacity - (unsigned int)state->record_ring.fewest_available;
    }
}

/* Turns a host launch into a root record and the only item of the first
 * wave, which the host launches without planning it: a host launch finds
 * the queue empty (the last one ran until no record was left), so nothing
 * else can be ready. */
static __global__ void cdpl_inject_kernel(cdpl_state *state, cdpl_root_request request)
{
    unsigned int index = cdpl_ring_take(&state->record_ring);
    if (index == CDPL_NONE)
        cdpl_fail(state, CDPL_RT_RECORD_POOL_EMPTY, 0);
    dim3 grid(request.grid[0], request.grid[1], request.grid[2]);
    dim3 block(request.block[0], request.block[1], request.block[2]);
    cdpl_record *record = cdpl_record_at(state, index);
    cdpl_fill_record(record, CDPL_KIND_KERNEL, request.kernel_id, CDPL_NONE, grid, block, request.shmem,
                     request.params, request.params_size);
    if (record->blocks_left > CDPL_GROUP_BLOCK_MASK)
        cdpl_fail(state, CDPL_RT_BLOCK_COUNT_OVERFLOW, request.kernel_id);
    record->deps = 0;
    cdpl_wave_item item;
    item.first_block = 0;
    item.record = index;
    item.reserved = 0;
    state->wave_items[0] = item;
}

/* Runs the records that are not user kernels: event markers (nothing to do),
 * device-side cudaMemcpyAsync and cudaMemsetAsync. */
static __global__ void cdpl_builtin_entry(cdpl_wave wave)
{
    if (!cdpl_enter_block<false>(wave)) return;
    const cdpl_record *record = cdpl_record_at(cdpl_context.state, cdpl_context.record);
    if (record->kind != CDPL_KIND_MARKER) {
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

/* ---- the device runtime API that lowered code calls ----------------------
 * Host and device: a __host__ __device__ function's calls are renamed too,
 * and on the host each stays the CUDA call it was. */

static inline __host__ __device__ cudaError_t cdpl_cudaGetLastError()
{
#ifdef __CUDA_ARCH__
    if (!cdpl_in_runtime()) return cudaSuccess;
    cdpl_thread_slot *slot = cdpl_my_slot();
    cudaError_t error = (cudaError_t)slot->last_error;
    slot->last_error = 0;
    return error;
#else
    return cudaGetLastError();
#endif
}

static inline __host__ __device__ cudaError_t cdpl_cudaPeekAtLastError()
{
#ifdef __CUDA_ARCH__
    if (!cdpl_in_runtime()) return cudaSuccess;
    return (cudaError_t)cdpl_my_slot()->last_error;
#else
    return cudaPeekAtLastError();
#endif
}

static inline __host__ __device__ const char *cdpl_cudaGetErrorString(cudaError_t error)
{
#ifdef __CUDA_ARCH__
    const cdpl_state *state = cdpl_module_state;
    if (state != NULL && (unsigned int)error < state->nerror_strings &&
        state->error_strings[error] != NULL)
        return state->error_strings[error];
    return "unrecognized error code";
#else
    return cudaGetErrorString(error);
#endif
}

static inline __host__ __device__ const char *cdpl_cudaGetErrorName(cudaError_t error)
{
#ifdef __CUDA_ARCH__
    const cdpl_state *state = cdpl_module_state;
    if (state != NULL && (unsigned int)error < state->nerror_strings && state->error_names[error] != NULL)
        return state->error_names[error];
    return "cudaErrorUnknown";
#else
    return cudaGetErrorName(error);
#endif
}

/* Sets the thread's last error to `error` (unless success) and returns it,
 * as the device runtime API does. */
static __device__ __forceinline__ cudaError_t cdpl_api_result(cudaError_t error)
{
    if (error != cudaSuccess) cdpl_set_last_error(error);
    return error;
}

/* A stream or event object owned by the running grid, freed when it completes. */
[[maybe_unused]] static __device__ cdpl_stream_object *cdpl_new_object(unsigned int magic)
{
    if (!cdpl_in_runtime()) cdpl_launch_outside_runtime();
    cdpl_state *state = cdpl_global(cdpl_context.state);
    unsigned int index = cdpl_ring_take(&state->stream_ring);
    if (index == CDPL_NONE) return NULL;
    cdpl_stream_object *object = &state->streams[index];
    object->owner = cdpl_context.record;
    object->last = CDPL_NONE;
    object->magic = magic;
    object->next_owned = atomicExch(&cdpl_record_at(state, cdpl_context.record)->streams, index);
    return object;
}

static inline __host__ __device__ cudaError_t cdpl_cudaStreamCreateWithFlags(cudaStream_t *stream,
                                                                      unsigned int flags)
{
#ifdef __CUDA_ARCH__
    if (flags != cudaStreamNonBlocking) return cdpl_api_result(cudaErrorInvalidValue);
    cdpl_stream_object *object = cdpl_new_object(CDPL_STREAM_MAGIC);
    if (object == NULL) return cdpl_api_result(cudaErrorMemoryAllocation);
    *stream = reinterpret_cast<cudaStream_t>(object);
    return cudaSuccess;
#else
    return cudaStreamCreateWithFlags(stream, flags);
#endif
}

/* Pending work in the stream still runs; the object lives until its grid completes. */
static inline __host__ __device__ cudaError_t cdpl_cudaStreamDestroy(cudaStream_t stream)
{
#ifdef __CUDA_ARCH__
    if (cdpl_named_object(stream, CDPL_STREAM_MAGIC) == NULL)
        return cdpl_api_result(cudaErrorInvalidResourceHandle);
    return cudaSuccess;
#else
    return cudaStreamDestroy(stream);
#endif
}

static inline __host__ __device__ cudaError_t cdpl_cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags)
{
#ifdef __CUDA_ARCH__
    if ((flags & cudaEventDisableTiming) == 0) return cdpl_api_result(cudaErrorInvalidValue);
    cdpl_stream_object *object = cdpl_new_object(CDPL_EVENT_MAGIC);
    if (object == NULL) return cdpl_api_result(cudaErrorMemoryAllocation);
    *event = reinterpret_cast<cudaEvent_t>(object);
    return cudaSuccess;
#else
    return cudaEventCreateWithFlags(event, flags);
#endif
}

static inline __host__ __device__ cudaError_t cdpl_cudaEventDestroy(cudaEvent_t event)
{
#ifdef __CUDA_ARCH__
    if (cdpl_named_object(event, CDPL_EVENT_MAGIC) == NULL)
        return cdpl_api_result(cudaErrorInvalidResourceHandle);
    return cudaSuccess;
#else
    return cudaEventDestroy(event);
#endif
}

#ifdef __CUDA_ARCH__
/* A marker record in `stream`: it completes when everything before it in
 * the stream has, and (for a wait) when the event's marker has. */
static __device__ unsigned int cdpl_enqueue_marker(const cdpl_stream_target &target)
{
    cdpl_copy_params none = {};
    return cdpl_enqueue(CDPL_KIND_MARKER, CDPL_BUILTIN_KERNEL_ID, dim3(1), dim3(CDPL_BUILTIN_MARKER_THREADS), 0,
                        target, &none, sizeof none);
}

/* The stream and event of an event record or wait, validated: the tail and
 * fire-and-forget streams cannot take part in event ordering. */
static __device__ cudaError_t cdpl_event_operands(cudaStream_t stream, cudaEvent_t event,
                                                  cdpl_stream_target *target, cdpl_stream_object **object)
{
    if (!cdpl_in_runtime()) cdpl_launch_outside_runtime();
    cudaError_t error = cdpl_resolve_stream(stream, target);
    if (error == cudaSuccess && cdpl_is_tail_or_fire_and_forget(target->value)) error = cudaErrorInvalidValue;
    *object = cdpl_named_object(event, CDPL_EVENT_MAGIC);
    if (error == cudaSuccess && *object == NULL) error = cudaErrorInvalidResourceHandle;
    return error;
}
#endif

static inline __host__ __device__ cudaError_t cdpl_cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0)
{
#ifdef __CUDA_ARCH__
    cdpl_stream_target target;
    cdpl_stream_object *object;
    cudaError_t error = cdpl_event_operands(stream, event, &target, &object);
    if (error != cudaSuccess) return cdpl_api_result(error);
    unsigned int marker = cdpl_enqueue_marker(target);
    if (marker == CDPL_NONE) return cudaErrorLaunchPendingCountExceeded;
    object->last = marker;
    cdpl_release(cdpl_context.state, marker);
    return cudaSuccess;
#else
    return cudaEventRecord(event, stream);
#endif
}

/* Work launched into `stream` after this waits for the event's marker: a
 * marker in `stream` that also waits on it. Markers never complete in the
 * wave that made them, so the event's marker is still there to wait on. */
static inline __host__ __device__ cudaError_t cdpl_cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event,
                                                                       unsigned int flags = 0)
{
#ifdef __CUDA_ARCH__
    cdpl_stream_target target;
    cdpl_stream_object *object;
    cudaError_t error = cdpl_event_operands(stream, event, &target, &object);
    if (error == cudaSuccess && flags != 0) error = cudaErrorInvalidValue;
    if (error != cudaSuccess) return cdpl_api_result(error);
    if (object->last == CDPL_NONE) return cudaSuccess; /* never recorded: nothing to wait for */
    cdpl_state *state = cdpl_global(cdpl_context.state);
    unsigned int wait = cdpl_enqueue_marker(target);
    if (wait == CDPL_NONE) return cudaErrorLaunchPendingCountExceeded;
    cdpl_record *waiting = cdpl_record_at(state, wait);
    waiting->deps += 1;
    waiting->next_waiter = atomicExch(&cdpl_record_at(state, object->last)->waiters, wait);
    cdpl_release(state, wait);
    return cudaSuccess;
#else
    return cudaStreamWaitEvent(stream, event, flags);
#endif
}

#ifdef __CUDA_ARCH__
static __device__ cudaError_t cdpl_enqueue_copy(unsigned int kind, void *destination, const void *source, int value,
                                                size_t bytes, cudaStream_t stream)
{
    if (!cdpl_in_runtime()) cdpl_launch_outside_runtime();
    cdpl_stream_target target;
    cudaError_t error = cdpl_resolve_stream(stream, &target);
    if (error != cudaSuccess) return cdpl_api_result(error);
    if (bytes == 0) return cudaSuccess;
    cdpl_copy_params copy = {destination, source, bytes, value, 0};
    unsigned long long per_block = CDPL_BUILTIN_COPY_THREADS * 16ull;
    unsigned long long blocks = (bytes + per_block - 1) / per_block;
    unsigned int index = cdpl_enqueue(kind, CDPL_BUILTIN_KERNEL_ID, dim3(blocks < 4096 ? (unsigned int)blocks : 4096u),
                                      dim3(CDPL_BUILTIN_COPY_THREADS), 0, target, &copy, sizeof copy);
    if (index == CDPL_NONE) return cudaErrorLaunchPendingCountExceeded;
    cdpl_release(cdpl_context.state, index);
    return cudaSuccess;
}
#endif

/* Device to device only, ordered in its stream like a launch. */
static inline __host__ __device__ cudaError_t cdpl_cudaMemcpyAsync(void *destination, const void *source,
                                                                   size_t bytes, cudaMemcpyKind kind,
                                                                   cudaStream_t stream = 0)
{
#ifdef __CUDA_ARCH__
    if (kind != cudaMemcpyDeviceToDevice && kind != cudaMemcpyDefault)
        return cdpl_api_result(cudaErrorInvalidValue);
    return cdpl_enqueue_copy(CDPL_KIND_MEMCPY, destination, source, 0, bytes, stream);
#else
    return cudaMemcpyAsync(destination, source, bytes, kind, stream);
#endif
}

static inline __host__ __device__ cudaError_t cdpl_cudaMemsetAsync(void *destination, int value, size_t bytes,
                                                                   cudaStream_t stream = 0)
{
#ifdef __CUDA_ARCH__
    return cdpl_enqueue_copy(CDPL_KIND_MEMSET, destination, NULL, value, bytes, stream);
#else
    return cudaMemsetAsync(destination, value, bytes, stream);
#endif
}

#ifdef __CUDA_ARCH__
static __device__ __noinline__ cdpl_state *cdpl_device_facts()
{
    cdpl_state *state = cdpl_module_state;
    if (state == NULL) {
        printf("cdp-lower runtime: a device query ran before the first host launch of a lowered kernel, "
               "when the runtime had not yet read the device's properties\n");
        __trap();
    }
    return state;
}
#endif

/* Device queries answer from what the host runtime read when it started. */
static inline __host__ __device__ cudaError_t cdpl_cudaGetDevice(int *device)
{
#ifdef __CUDA_ARCH__
    *device = cdpl_device_facts()->device;
    return cudaSuccess;
#else
    return cudaGetDevice(device);
#endif
}

static inline __host__ __device__ cudaError_t cdpl_cudaGetDeviceCount(int *count)
{
#ifdef __CUDA_ARCH__
    *count = cdpl_device_facts()->device_count;
    return cudaSuccess;
#else
    return cudaGetDeviceCount(count);
#endif
}

static inline __host__ __device__ cudaError_t cdpl_cudaRuntimeGetVersion(int *version)
{
#ifdef __CUDA_ARCH__
    *version = cdpl_device_facts()->runtime_version;
    return cudaSuccess;
#else
    return cudaRuntimeGetVersion(version);
#endif
}

static inline __host__ __device__ cudaError_t cdpl_cudaDeviceGetAttribute(int *value, cudaDeviceAttr attribute,
                                                                          int device)
{
#ifdef __CUDA_ARCH__
    const cdpl_state *facts = cdpl_device_facts();
    if (device != facts->device) return cdpl_api_result(cudaErrorInvalidDevice);
    if ((int)attribute < 0 || (int)attribute >= facts->nattributes ||
        facts->attributes[attribute] == CDPL_NO_ATTRIBUTE)
        return cdpl_api_result(cudaErrorInvalidValue);
    *value = facts->attributes[attribute];
    return cudaSuccess;
#else
    return cudaDeviceGetAttribute(value, attribute, device);
#endif
}

/* CDP2 maps device-side cudaMalloc/cudaFree onto the device heap. */
template <typename T> static inline __host__ __device__ cudaError_t cdpl_cudaMalloc(T **pointer, size_t size)
{
#ifdef __CUDA_ARCH__
    *pointer = static_cast<T *>(malloc(size));
    if (*pointer == NULL) {
        cdpl_set_last_error(cudaErrorMemoryAllocation);
        return cudaErrorMemoryAllocation;
    }
    return cudaSuccess;
#else
    return cudaMalloc(pointer, size);
#endif
}

static inline __host__ __device__ cudaError_t cdpl_cudaFree(void *pointer)
{
#ifdef __CUDA_ARCH__
    free(pointer);
    return cudaSuccess;
#else
    return cudaFree(pointer);
#endif
}

/* ---- questions about kernels ---------------------------------------------
 * Device code cannot tell kernels apart by address (and a runtime kernel is
 * no longer a __global__ function), so the rewriter names the kernel of a
 * device-side query by its id; the runtime answers from what the host's
 * cudaFuncGetAttributes and occupancy calculator said about what runs. */
struct cdpl_kernel_ref {
    unsigned int id;
};

#ifdef __CUDA_ARCH__
static __device__ const cdpl_kernel_facts *cdpl_facts_of(cdpl_kernel_ref kernel)
{
    return cdpl_find_kernel_facts(cdpl_device_facts(), kernel.id);
}

static __device__ int cdpl_attribute_or(const cdpl_state *state, cudaDeviceAttr attribute, int otherwise)
{
    int value = state->attributes[attribute];
    return value == CDPL_NO_ATTRIBUTE ? otherwise : value;
}

/* CUDA's occupancy rule for a block's dynamic shared memory: whole
 * allocation units, with the driver's reserve, out of the multiprocessor's
 * largest carveout. The other limits do not depend on it and come measured. */
static __device__ int cdpl_blocks_per_sm(const cdpl_kernel_facts *facts, int block_size, size_t dynamic_shmem)
{
    const cudaFuncAttributes &attributes = facts->attributes;
    if (block_size > attributes.maxThreadsPerBlock || dynamic_shmem > (size_t)attributes.maxDynamicSharedSizeBytes)
        return 0;
    int blocks = facts->blocks_per_sm[(block_size + 31) / 32];
    if (dynamic_shmem == 0) return blocks;
    const cdpl_state *state = cdpl_device_facts();
    size_t unit = cdpl_attribute_or(state, cudaDevAttrComputeCapabilityMajor, 8) >= 8 ? 128 : 256;
    size_t per_block = attributes.sharedSizeBytes + dynamic_shmem +
                       (size_t)cdpl_attribute_or(state, cudaDevAttrReservedSharedMemoryPerBlock, 0);
    per_block = (per_block + unit - 1) / unit * unit;
    size_t per_sm = (size_t)cdpl_attribute_or(state, cudaDevAttrMaxSharedMemoryPerMultiprocessor, 0);
    int by_shmem = (int)(per_sm / per_block);
    return by_shmem < blocks ? by_shmem : blocks;
}
#endif

static inline __host__ __device__ cudaError_t cdpl_cudaFuncGetAttributes(cudaFuncAttributes *attributes,
                                                                         cdpl_kernel_ref kernel)
{
#ifdef __CUDA_ARCH__
    const cdpl_kernel_facts *facts = cdpl_facts_of(kernel);
    if (facts == NULL) return cdpl_api_result(cudaErrorInvalidDeviceFunction);
    *attributes = facts->attributes;
    return cudaSuccess;
#else
    return cudaFuncGetAttributes(attributes, cdpl_kernel_function(kernel.id));
#endif
}

static inline __host__ __device__ cudaError_t
cdpl_cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *blocks, cdpl_kernel_ref kernel, int block_size,
                                                            size_t dynamic_shmem, unsigned int flags)
{
#ifdef __CUDA_ARCH__
    /* The only flag, cudaOccupancyDisableCachingOverride, changes nothing
     * on the GPUs that have dynamic parallelism 2. */
    if (block_size <= 0 || (flags & ~(unsigned int)cudaOccupancyDisableCachingOverride) != 0)
        return cdpl_api_result(cudaErrorInvalidValue);
    const cdpl_kernel_facts *facts = cdpl_facts_of(kernel);
    if (facts == NULL) return cdpl_api_result(cudaErrorInvalidDeviceFunction);
    *blocks = cdpl_blocks_per_sm(facts, block_size, dynamic_shmem);
    return cudaSuccess;
#else
    return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(blocks, cdpl_kernel_function(kernel.id),
                                                                  block_size, dynamic_shmem, flags);
#endif
}

static inline __host__ __device__ cudaError_t cdpl_cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    int *blocks, cdpl_kernel_ref kernel, int block_size, size_t dynamic_shmem)
{
    return cdpl_cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(blocks, kernel, block_size, dynamic_shmem,
                                                                       cudaOccupancyDefault);
}

#endif
