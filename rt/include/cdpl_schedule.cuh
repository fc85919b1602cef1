/* cdpl_schedule.cuh
 *
 * Where a ready record goes: into its group of the next wave (one group per
 * kernel and block shape, run as one launch by the host: rt/src/drain.c),
 * or kept by the running block, which goes on with it when its body
 * returns. A broken invariant stops the program (cdpl_fail).
 *
 * One part of the device runtime: lowered code includes cdpl.cuh, which
 * includes every part in order. */
#ifndef CDPL_SCHEDULE_CUH
#define CDPL_SCHEDULE_CUH

#include "cdpl_rings.cuh"

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
    cdpl_record *record = cdpl_record_at(index);
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
    item.launched_by_device = record->parent != CDPL_NONE;
    cdpl_global(state->ready)[position] = item;
}

/* What decides where a ready record runs. Read from a record in one go
 * (cdpl_ready_shape_of): tested field by field, each load waited for the
 * test before it, nine dependent round trips to memory on every record
 * made ready. A launch has it in registers. */
struct cdpl_ready_shape {
    unsigned int kind;
    unsigned int kernel_id;
    unsigned int parent;
    unsigned int shmem;
    unsigned int grid[3];
    unsigned int block[3];
};

static __device__ __forceinline__ cdpl_ready_shape cdpl_ready_shape_of(const cdpl_record *record)
{
    cdpl_ready_shape shape;
    shape.kind = record->kind;
    shape.kernel_id = record->kernel_id;
    shape.parent = record->parent;
    shape.shmem = record->shmem;
    for (int d = 0; d < 3; ++d) {
        shape.grid[d] = record->grid[d];
        shape.block[d] = record->block[d];
    }
    return shape;
}

/* A record that a block of the running launch can run when it is done:
 * one block of the kernel this launch runs, with its block shape and room
 * for its shared memory. Bitwise `&`: one test of everything, with no
 * branch to wait at for each load. */
static __device__ bool cdpl_fits_this_launch(const cdpl_ready_shape &shape)
{
    if (cdpl_context.continue_kernel == 0) return false;
    return (shape.kind == CDPL_KIND_KERNEL) & (shape.kernel_id == cdpl_context.continue_kernel) &
           (shape.grid[0] == 1u) & (shape.grid[1] == 1u) & (shape.grid[2] == 1u) & (shape.block[0] == blockDim.x) &
           (shape.block[1] == blockDim.y) & (shape.block[2] == blockDim.z) &
           (shape.shmem <= cdpl_context.thread_state_offset);
}

/* Whether the block runs the only block of its grid. */
static __device__ __forceinline__ bool cdpl_runs_only_block()
{
    return cdpl_context.grid.x == 1 && cdpl_context.grid.y == 1 && cdpl_context.grid.z == 1;
}

/* Whether grid `parent`, which launched a ready record, can launch nothing
 * more: its blocks are all done. A record may start early only then:
 * otherwise one of those blocks could still link a record behind it in its
 * stream (a named stream is the grid's) and wait for a completion that has
 * already passed, or see the child's writes before it exits. */
static __device__ bool cdpl_parent_is_done(unsigned int parent)
{
    return parent != CDPL_NONE && parent != cdpl_context.record &&
           *(volatile unsigned long long *)&cdpl_record_at(parent)->blocks_left == 0ull;
}

/* A ready record that fits this block may run in it once the block is done
 * rather than in the next wave: the first one made ready by this block's
 * threads is kept. Only delays it, which CDP2 allows, and keeps the
 * invariant of docs/design.md: nothing links behind a started record. The
 * running grid may be its parent if this block is the grid's only one:
 * done when the kept record starts. `parent_done`: the caller knows the
 * parent's blocks are done (cdpl_dispatch_ready). */
static __device__ bool cdpl_keep_for_this_block(unsigned int index, const cdpl_ready_shape &shape,
                                                bool parent_done)
{
    if (!cdpl_fits_this_launch(shape)) return false;
    /* Not where the parent's blocks are done: a parent complete before its
     * children (cdpl_set_children_count_in) is freed, and its index may be
     * the running record's by now. */
    bool only_block_is_parent = !parent_done && shape.parent == cdpl_context.record && cdpl_runs_only_block();
    if (!only_block_is_parent && !parent_done && !cdpl_parent_is_done(shape.parent)) return false;
    if (atomicCAS(&cdpl_context.continuation, CDPL_NONE, index) != CDPL_NONE) return false;
    /* An atomic, though only the block's last thread reads it, after
     * counting out: racecheck does not see that order (cdpl_live_push). */
    if (only_block_is_parent) atomicExch(&cdpl_context.continuation_is_child, 1u);
    return true;
}

#endif
