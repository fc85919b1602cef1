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
 * fence then covers them (fences are cumulative). */
static __device__ __forceinline__ void cdpl_dispatch_ready(cdpl_state *state, unsigned int index, bool may_keep,
                                                           bool publish)
{
    if (may_keep && cdpl_keep_for_this_block(state, index)) return;
    if (publish) __threadfence();
    if (!cdpl_live_push(state, index)) cdpl_push_ready(state, index);
}

/* Drops one dependency of record `index`; the last one makes it ready. The
 * caller has fenced since it last wrote or learnt anything that the
 * record's grid must see. */
static __device__ __forceinline__ void cdpl_drop_dependency(cdpl_state *state, unsigned int index,
                                                            bool may_keep = true)
{
    if (atomicSub(&cdpl_record_at(state, index)->deps, 1) == 1) cdpl_dispatch_ready(state, index, may_keep, false);
}

/* The same, after a fence that publishes what this thread wrote to
 * whichever thread drops the last dependency. */
static __device__ __forceinline__ void cdpl_release(cdpl_state *state, unsigned int index, bool may_keep = true)
{
    __threadfence();
    cdpl_drop_dependency(state, index, may_keep);
}

/* Drops the launcher's guard of a record just linked (cdpl_link). When the
 * guard is all it waits for, no other thread can release it, and it is
 * ready without an atomic on its count: one dependent round trip less on
 * every fire-and-forget launch and every first launch into a stream. */
static __device__ __forceinline__ void cdpl_release_linked(cdpl_state *state, unsigned int index, bool waits,
                                                           bool may_keep = true)
{
    if (waits)
        cdpl_release(state, index, may_keep);
    else
        cdpl_dispatch_ready(state, index, may_keep, true);
}

/* A grid whose blocks, children and tails are all done: free it and pass
 * the news on, up the tree, for as long as each parent completes in turn.
 * `learnt`: the count that fell to zero told this thread of other threads'
 * work (children, other blocks), which the first level's fence passes on. */
static __device__ void cdpl_complete(cdpl_state *state, unsigned int index, bool learnt)
{
    for (bool fence = learnt;; fence = true) {
        /* What the grid and its subtree wrote, learnt through the count that
         * just fell to zero, passes on with this fence to every record
         * released below and to the parent's count: the only fence of a
         * level. What this thread writes after it (freeing, releasing) is
         * nothing that those records' grids or the parent need. */
        if (fence) __threadfence();
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
            cdpl_drop_dependency(state, w);
            w = following;
        }
        cdpl_free_record(state, index);
        if (next != CDPL_NONE) cdpl_drop_dependency(state, next);
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
        if (atomicSub(&up->outstanding, 1) != 1) return;
        if (up->tail_first != CDPL_NONE) {
            cdpl_release(state, up->tail_first);
            return;
        }
        index = parent;
    }
}

/* The grid's own blocks and its non-tail children are done. `published`:
 * the caller has fenced since its last write that others need (the only
 * block of its grid), so the count needs no fence before it. `alone`: the
 * grid launched nothing, so no other thread counts on it and its
 * completion has nothing to learn. */
static __device__ void cdpl_outstanding_done(cdpl_state *state, unsigned int index, bool published, bool alone)
{
    cdpl_record *record = cdpl_record_at(state, index);
    if (!published) __threadfence();
    if (atomicSub(&record->outstanding, 1) != 1) return;
    if (record->tail_first != CDPL_NONE)
        cdpl_release(state, record->tail_first);
    else
        cdpl_complete(state, index, !alone);
}

#endif
