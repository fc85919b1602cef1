/* cdpl_live_queue.cuh
 *
 * The live queue: records made ready while their wave runs, taken by blocks
 * of the same launch (spare workers among them) instead of waiting for the
 * next wave.
 *
 * One part of the device runtime: lowered code includes cdpl.cuh, which
 * includes every part in order. */
#ifndef CDPL_LIVE_QUEUE_CUH
#define CDPL_LIVE_QUEUE_CUH

#include "cdpl_schedule.cuh"

/* A cell of the live queue whose taker gave it up (cdpl_live_take). */
#define CDPL_LIVE_ABANDONED 0xfffffffeu

/* The cell of a queue position: positions go round the capacity's cells. */
static __device__ __forceinline__ unsigned int *cdpl_live_cell(const cdpl_live_queue *queue,
                                                               unsigned long long position)
{
    return cdpl_global(queue->cells) + (position & (queue->capacity - 1u));
}

/* Whether the live queue takes more records, given its `head` and `tail`:
 * not while 16 records per block of the launch already wait there. Past
 * that, a record would wait long for blocks of this launch to be done,
 * while the next wave runs it beside all the others. */
static __device__ __forceinline__ bool cdpl_live_has_room(unsigned long long head, unsigned long long tail)
{
    return tail < head + 16ull * gridDim.x;
}

/* Takes `count` consecutive positions of the live queue and returns the
 * first. The records to go there count as running from now until they are
 * done, so that no waiting block leaves while they may still launch more. */
static __device__ __forceinline__ unsigned long long cdpl_live_reserve(cdpl_live_queue *queue, unsigned int count)
{
    atomicAdd(&queue->running, (int)count);
    return atomicAdd(&queue->tail, (unsigned long long)count);
}

/* Puts record `index` in the first cell it finds free from `position` on,
 * taking a new position for each try. A position whose taker gave up, or
 * whose cell still holds a record of the previous lap, is passed over.
 * `seen`: what the cell at `position` held, if the caller tried it. */
static __device__ void cdpl_live_place(cdpl_live_queue *queue, unsigned int index, unsigned long long position,
                                       unsigned int seen)
{
    for (;;) {
        if (seen == CDPL_NONE) return;
        if (seen == CDPL_LIVE_ABANDONED) atomicCAS(cdpl_live_cell(queue, position), CDPL_LIVE_ABANDONED, CDPL_NONE);
        position = atomicAdd(&queue->tail, 1ull);
        seen = atomicCAS(cdpl_live_cell(queue, position), CDPL_NONE, index);
    }
}

/* Puts ready record `index` in the live queue, if it has room. */
static __device__ __noinline__ bool cdpl_live_enqueue(cdpl_state *state, unsigned int index)
{
    state = cdpl_global(state);
    cdpl_live_queue *queue = &state->live;
    if (!cdpl_live_has_room(*(const volatile unsigned long long *)&queue->head,
                            *(const volatile unsigned long long *)&queue->tail))
        return false;
    const unsigned long long position = cdpl_live_reserve(queue, 1u);
    cdpl_live_place(queue, index, position, atomicCAS(cdpl_live_cell(queue, position), CDPL_NONE, index));
    return true;
}

/* Puts the first `count` records of `indices` in the live queue, which has
 * room for them (cdpl_records_to_hand_on), at positions taken together: one
 * atomic takes them, and the records' first tries go out together. One by
 * one, the two children that a node of tree_faf holds back until its block
 * is done were six dependent round trips to memory on the path from the
 * node to its children. */
static __device__ __noinline__ void cdpl_live_enqueue_all(cdpl_state *state, const unsigned int *indices,
                                                          unsigned int count)
{
    state = cdpl_global(state);
    cdpl_live_queue *queue = &state->live;
    const unsigned long long first = cdpl_live_reserve(queue, count);
    for (unsigned int i = 0; i < count; i += 2) {
        const bool pair = i + 1 < count;
        const unsigned int seen = atomicCAS(cdpl_live_cell(queue, first + i), CDPL_NONE, indices[i]);
        const unsigned int seen_next =
            pair ? atomicCAS(cdpl_live_cell(queue, first + i + 1), CDPL_NONE, indices[i + 1]) : CDPL_NONE;
        cdpl_live_place(queue, indices[i], first + i, seen);
        if (pair) cdpl_live_place(queue, indices[i + 1], first + i + 1, seen_next);
    }
}

/* A ready record that fits this launch goes to the live queue, where the
 * next block of the launch to be done takes it (spare workers wait there):
 * it starts as soon as a block is free instead of in the next wave, as
 * natively a ready child starts as soon as the GPU has room. Only once the
 * blocks of its parent are all done: a child of this block's own one-block
 * grid waits in the block instead (cdpl_hold_until_block_end). */
static __device__ bool cdpl_live_push(cdpl_state *state, unsigned int index, const cdpl_ready_shape &shape,
                                      bool parent_done)
{
    if (cdpl_context.live == CDPL_LIVE_OFF || !cdpl_fits_this_launch(shape)) return false;
    return (parent_done || cdpl_parent_is_done(shape.parent)) && cdpl_live_enqueue(state, index);
}

/* A child of this block's own one-block grid that fits this launch waits in
 * the block until the block is done (cdpl_leave_block), then goes to the
 * live queue or stays held by the block (cdpl_records_to_hand_on): a parent
 * never sees its children's writes before it exits, and nothing may link
 * behind a started record. True when it waits. */
static __device__ bool cdpl_hold_until_block_end(unsigned int index, const cdpl_ready_shape &shape, bool parent_done)
{
    if (cdpl_context.live == CDPL_LIVE_OFF || parent_done || shape.parent != cdpl_context.record ||
        !cdpl_runs_only_block() || !cdpl_fits_this_launch(shape))
        return false;
    unsigned int slot = atomicAdd(&cdpl_context.held_count, 1u);
    if (slot < CDPL_HELD_RECORDS_MAX) {
        /* An atomic, though only the block's last thread reads it, after
         * counting out (cdpl_count_thread_out orders it): compute-sanitizer's
         * racecheck does not see that order, and flags a plain store. */
        atomicExch(&cdpl_context.held[slot], index);
        return true;
    }
    atomicSub(&cdpl_context.held_count, 1u);
    return false;
}

/* What a block that is done does with the ready records it holds (its
 * grid's children and those it held before): `count` of them, the oldest,
 * go on elsewhere, to the live queue if `to_live_queue`, else to the next
 * wave; the others stay for the block to run when it has no record to go
 * on with (cdpl_leave_block_or_continue). */
struct cdpl_hand_on {
    unsigned int count;
    bool to_live_queue;
};

/* All the records the block holds go on while a block of the launch waits
 * for a record (the queue's takers are ahead of its pushers), so that no
 * block waits while another holds work; otherwise all but
 * CDPL_HELD_RECORDS_KEPT. A held record costs no atomic to push, none to
 * take and no wait at a cell: a block runs a tree of fire-and-forget grids
 * depth first, and gives away its oldest records, the roots of the largest
 * subtrees (tree_faf 0.504 -> 0.434 ms, H100, docs/benchmarks.md).
 * Whether the queue has room comes from the same reads, ahead of the
 * block's fence, rather than from a second round trip after it, on the
 * path from a node to its children: a room grown a little stale only lets
 * a few more records wait there, and the queue has cells for every record
 * twice over (device_state.c). Out of line: inlined, its instructions ran
 * on every block's way out, and a chain of NULL-stream grids, which holds
 * nothing, ran 2.5% slower. */
static __device__ __noinline__ cdpl_hand_on cdpl_records_to_hand_on(const cdpl_state *state)
{
    const unsigned int count = min(cdpl_context.held_count, (unsigned int)CDPL_HELD_RECORDS_MAX);
    const cdpl_live_queue *queue = &state->live;
    const unsigned long long head = *(const volatile unsigned long long *)&queue->head;
    const unsigned long long tail = *(const volatile unsigned long long *)&queue->tail;
    const bool blocks_wait = head > tail;
    return {blocks_wait ? count : count > CDPL_HELD_RECORDS_KEPT ? count - CDPL_HELD_RECORDS_KEPT : 0u,
            cdpl_live_has_room(head, tail)};
}

/* The block is done: the first `hand_on.count` records it holds go on
 * elsewhere (cdpl_records_to_hand_on); the others move down. */
static __device__ void cdpl_hand_on_held(cdpl_state *state, cdpl_hand_on hand_on)
{
    const unsigned int count = hand_on.count;
    const unsigned int held = min(atomicExch(&cdpl_context.held_count, 0u), (unsigned int)CDPL_HELD_RECORDS_MAX);
    if (hand_on.to_live_queue)
        cdpl_live_enqueue_all(state, cdpl_context.held, count);
    else
        for (unsigned int i = 0; i < count; ++i) cdpl_push_ready(state, cdpl_context.held[i]);
    for (unsigned int i = count; i < held; ++i) atomicExch(&cdpl_context.held[i - count], cdpl_context.held[i]);
    atomicExch(&cdpl_context.held_count, held - count);
}

/* A record the block held, to run now (thread 0, when the block has no
 * record to go on with): the newest, CDPL_NONE when it holds none. */
static __device__ __forceinline__ unsigned int cdpl_take_held()
{
    const unsigned int held = cdpl_context.held_count;
    if (held == 0u) return CDPL_NONE;
    cdpl_context.held_count = held - 1u;
    return cdpl_context.held[held - 1u];
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

/* Cycles a spare worker waits while nothing of its launch runs and planned
 * blocks have not begun (about 0.25 ms): they may be waiting for the room
 * that waiting blocks hold (another program's kernels share the GPU).
 * While a record of the launch runs, blocks wait however long it takes: it
 * may still push, and a body may run far longer than any fixed wait
 * (quicksort's first partition: 40 ms). Blocks that left then would leave
 * what it pushes to the few blocks still there, one record after another
 * (docs/benchmarks.md: quicksort and quadtree 6x and 26x slower). */
#define CDPL_LIVE_WAIT_CYCLES (1ll << 19)

/* Takes a record from the live queue for this block (thread 0): the block
 * takes the next position and waits for its record there, as long as a
 * record or a body of the launch is still running, or, for a spare worker,
 * while a planned block has not begun (CDPL_LIVE_WAIT_CYCLES); CDPL_NONE
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
    unsigned int *cell = cdpl_live_cell(queue, position);
    unsigned int pause = 32u, polls = 0;
    long long waiting_since = clock64();
    unsigned long long pushed = *(volatile unsigned long long *)&queue->tail;
    for (;;) {
        unsigned int seen = *(volatile unsigned int *)cell;
        if (seen == CDPL_NONE || seen == CDPL_LIVE_ABANDONED) {
            /* Records the block kept for its next launches (cdpl_free_record)
             * serve blocks that run better than one that waits. */
            if (polls == 0u) cdpl_return_block_holdings(state);
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
            if (wait && (!none_running || clock64() - waiting_since <= CDPL_LIVE_WAIT_CYCLES)) {
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

#endif
