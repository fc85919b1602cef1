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
    item.launched_by_device = record->parent != CDPL_NONE;
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

#endif
