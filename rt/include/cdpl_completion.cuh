/* cdpl_completion.cuh
 *
 * Completion: a record whose last dependency is gone is released; a grid
 * whose blocks, children and tails are all done is freed, and the news goes
 * up the tree.
 *
 * One part of the device runtime: lowered code includes cdpl.cuh, which
 * includes every part in order. */
#ifndef CDPL_COMPLETION_CUH
#define CDPL_COMPLETION_CUH

#include "cdpl_live_queue.cuh"

/* Where a record goes once nothing holds it back: run by this block when it
 * is done, by a block of this launch, or in the next wave. `publish`: what
 * this thread wrote must reach other blocks before they may take the
 * record. A record this block keeps needs no fence: the block's barriers
 * pass the writes on to its thread that later hands anything on, whose
 * fence then covers them (fences are cumulative). `parent_done`: the
 * caller knows the blocks of the record's grid are all done (it completes
 * a record of that grid, which started only after them). True when kept. */
static __device__ __forceinline__ bool cdpl_dispatch_ready(cdpl_state *state, unsigned int index,
                                                           const cdpl_ready_shape &shape, bool may_keep,
                                                           bool publish, bool parent_done)
{
    if (may_keep && cdpl_keep_for_this_block(index, shape, parent_done)) return true;
    /* Published by the fence with which the block's last thread leaves,
     * before it pushes the record (cdpl_leave_block): a fence here as well
     * cost each node of tree_faf two fences instead of one. */
    if (cdpl_hold_until_block_end(index, shape, parent_done)) return false;
    if (publish) __threadfence();
    if (!cdpl_live_push(state, index, shape, parent_done)) cdpl_push_ready(state, index);
    return false;
}

/* Drops one dependency of record `index`; the last one makes it ready. The
 * caller has fenced since it last wrote or learnt anything that the
 * record's grid must see. True when this block keeps the record to run
 * next (cdpl_keep_for_this_block). The record's shape is read before the
 * count, which it does not depend on (it is written before the record is
 * linked): the loads and the atomic make one round trip, not two. */
static __device__ __forceinline__ bool cdpl_drop_dependency(cdpl_state *state, unsigned int index,
                                                            bool parent_done)
{
    cdpl_record *record = cdpl_record_at(index);
    const cdpl_ready_shape shape = cdpl_ready_shape_of(record);
    if (atomicSub(&record->deps, 1) != 1) return false;
    return cdpl_dispatch_ready(state, index, shape, true, false, parent_done);
}

/* The same, after a fence that publishes what this thread wrote to
 * whichever thread drops the last dependency. */
static __device__ __forceinline__ void cdpl_release(cdpl_state *state, unsigned int index, bool parent_done)
{
    __threadfence();
    cdpl_drop_dependency(state, index, parent_done);
}

/* A record just linked (cdpl_link): ready unless it waits for another
 * record, whose completion then releases it. Either way no other thread
 * can release it meanwhile, so it needs no atomic on its count. */
static __device__ __forceinline__ void cdpl_release_linked(cdpl_state *state, unsigned int index,
                                                           const cdpl_ready_shape &shape, bool waits,
                                                           bool may_keep = true)
{
    if (!waits) cdpl_dispatch_ready(state, index, shape, may_keep, true, false);
}

/* What a grid's completion reads of its record. Each field was written
 * before the grid's blocks were all done (its stream successor and event
 * waiters by its parent's threads before it started, its tails and named
 * streams by its own threads), which whatever thread completes it has
 * seen: so they may be read before the count or fence that comes before
 * their use, and take no round trip to memory of their own. */
struct cdpl_completion_fields {
    unsigned int next;
    unsigned int count_in;
    unsigned int flags;
    unsigned int streams;
    unsigned int waiters;
    unsigned int tail_first;
};

static __device__ __forceinline__ cdpl_completion_fields cdpl_completion_fields_of(const cdpl_record *record)
{
    cdpl_completion_fields fields;
    fields.next = record->next;
    fields.count_in = record->count_in;
    fields.flags = record->flags;
    fields.streams = record->streams;
    fields.waiters = record->waiters;
    fields.tail_first = record->tail_first;
    return fields;
}

/* Starts bringing the 128-byte line at `address` into L1; no register
 * waits for it. */
static __device__ __forceinline__ void cdpl_prefetch_line(const void *address)
{
#if defined(__CUDA_ARCH__) && !defined(CDPL_GPU_HIP)
    asm volatile("prefetch.L1 [%0];" ::"l"(address));
#else
    (void)address;
#endif
}

/* Starts bringing a record's header into L1 (its fields share one
 * 128-byte line): read after the atomic that this overlaps, they are
 * there, while values loaded ahead into registers would stay live across
 * the atomic (4 more registers in every entry, which few_large's work
 * entry could not spare). */
static __device__ __forceinline__ void cdpl_prefetch_record(const cdpl_record *record)
{
    cdpl_prefetch_line(record);
}

/* Counts one of grid `record`'s blocks or non-tail children as done. True
 * when that was the last and the grid has no tail, so that it is complete:
 * its `fields` are then read. When it has a tail, the tail starts. */
static __device__ __forceinline__ bool cdpl_count_down_to_completion(cdpl_state *state, cdpl_record *record,
                                                                     cdpl_completion_fields *fields)
{
    cdpl_prefetch_record(record);
    if (atomicSub(&record->outstanding, 1) != 1) return false;
    *fields = cdpl_completion_fields_of(record);
    if (fields->tail_first == CDPL_NONE) return true;
    cdpl_release(state, fields->tail_first, true);
    return false;
}

/* A grid whose blocks, children and tails are all done: free it and pass
 * the news on, up the tree, for as long as each grid it counts in (its
 * parent, or an ancestor: cdpl_set_children_count_in) completes in turn.
 * `fields`: its record's (cdpl_completion_fields_of). `learnt`: the count
 * that fell to zero told this thread of other threads' work (children,
 * other blocks), which the first level's fence passes on. Records it
 * releases belong to grids whose blocks are done: the completed grid's
 * (its stream successor, its event's waiters) or the completed grid (its
 * first tail). */
static __device__ void cdpl_complete(cdpl_state *state, unsigned int index, cdpl_completion_fields fields,
                                     bool learnt)
{
    for (bool fence = learnt;; fence = true) {
        /* What the grid and its subtree wrote, learnt through the count that
         * just fell to zero, passes on with this fence to every record
         * released below and to the count it is in: the only fence of a
         * level. What this thread writes after it (freeing, releasing) is
         * nothing that those records' grids or the counting grid need. */
        if (fence) __threadfence();
        for (unsigned int s = fields.streams; s != CDPL_NONE;) {
            unsigned int following = cdpl_global(state->streams)[s].next_owned;
            cdpl_global(state->streams)[s].magic = 0;
            cdpl_ring_give(&state->stream_ring, s);
            s = following;
        }
        for (unsigned int w = fields.waiters; w != CDPL_NONE;) {
            unsigned int following = cdpl_record_at(w)->next_waiter;
            cdpl_drop_dependency(state, w, true);
            w = following;
        }
        cdpl_free_record(state, index);
        /* A tail's `count_in` is its parent. */
        const unsigned int next = fields.next, counted_in = fields.count_in;
        bool next_kept = next != CDPL_NONE && cdpl_drop_dependency(state, next, true);
        if (counted_in == CDPL_NONE) {
            atomicAdd(&state->roots_done, 1ull);
            return;
        }
        cdpl_record *up = cdpl_record_at(counted_in);
        if ((fields.flags & CDPL_RECORD_TAIL) != 0) {
            if (next != CDPL_NONE) return; /* the next tail of the parent runs */
            index = counted_in;
            fields = cdpl_completion_fields_of(up);
            continue;
        }
        if (next_kept) {
            /* `next`, of the same stream, is a child of the same grid,
             * which counts where this one does until this block has run it: this
             * count cannot be the last, and needs no answer. (Run by
             * another block, it could be done and counted before this
             * count lands, and the zero would go unseen.) */
            atomicSub(&up->outstanding, 1);
            return;
        }
        if (!cdpl_count_down_to_completion(state, up, &fields)) return;
        index = counted_in;
    }
}

/* The grid's own blocks and its non-tail children are done. `alone`: the
 * grid launched nothing, so no other thread counts on it, its count is its
 * blocks' 1, it has no tail, and its completion has nothing to learn.
 * `known`: the caller read its record's `fields` (only where it is alone).
 * `published`: the caller has fenced since it last learnt anything that
 * others need, so the count needs no fence before it. */
static __device__ void cdpl_grid_blocks_done(cdpl_state *state, unsigned int index, cdpl_completion_fields fields,
                                             bool known, bool alone, bool published)
{
    if (!alone) {
        if (!published) __threadfence();
        if (!cdpl_count_down_to_completion(state, cdpl_record_at(index), &fields)) return;
    } else if (!known) {
        fields = cdpl_completion_fields_of(cdpl_record_at(index));
    }
    cdpl_complete(state, index, fields, !alone);
}

/* The only block of a grid that launched nothing is done, and the grid's
 * stream successor is a record that this block may run next: the block
 * goes on with it at once, without a fence and without an atomic on the
 * successor's `deps`. A kernel record linked behind another waits for
 * nothing else (only a wait on an event adds a dependency, to a marker:
 * cdpl_cudaStreamWaitEvent), so this is the only release it gets. Nothing
 * is handed on here: the successor runs in this block, which passes on the
 * grid's writes at its barriers; the grid's record goes to the block's
 * spares, or to the ring, which fences first (cdpl_ring_give_all); and the
 * count the grid is in cannot fall to zero, as the successor counts there
 * too, so it needs no answer. Whichever of the block's threads hands
 * anything on later fences first, which passes on the grid's writes as
 * well (fences are cumulative), as when a block goes on with a child of
 * its grid (cdpl_leave_block). The left leaves of a tree of NULL-stream
 * siblings (tree_null) save a fence and a round trip each. `fields`: the
 * grid's (cdpl_completion_fields_of). True when the block goes on. */
static __device__ bool cdpl_go_on_with_successor(cdpl_state *state, unsigned int index,
                                                 const cdpl_completion_fields &fields)
{
    if (fields.next == CDPL_NONE || fields.count_in == CDPL_NONE || fields.streams != CDPL_NONE ||
        fields.waiters != CDPL_NONE || (fields.flags & CDPL_RECORD_TAIL) != 0u)
        return false;
    const cdpl_ready_shape shape = cdpl_ready_shape_of(cdpl_record_at(fields.next));
    if (shape.kind != CDPL_KIND_KERNEL || !cdpl_keep_for_this_block(fields.next, shape, true)) return false;
    cdpl_free_record(state, index);
    atomicSub(&cdpl_record_at(fields.count_in)->outstanding, 1);
    return true;
}

#endif
