/* cdpl_rings.cuh
 *
 * The free-index rings that hand out and take back the indices of records
 * and of named streams, without a lock, the records a block keeps in
 * front of the record ring, and how a block that stops gives back what it
 * kept (its pending-launch slots too).
 *
 * One part of the device runtime: lowered code includes cdpl.cuh, which
 * includes every part in order. */
#ifndef CDPL_RINGS_CUH
#define CDPL_RINGS_CUH

#include "cdpl_context.cuh"

/* The cell of a ticket: tickets go round the 1 << cell_bits cells. */
static __device__ __forceinline__ volatile unsigned long long *cdpl_ring_cell(const cdpl_ring *ring,
                                                                             unsigned long long ticket)
{
    return cdpl_global(ring->cells) + (ticket & ((1ull << ring->cell_bits) - 1ull));
}

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
    volatile unsigned long long *cell = cdpl_ring_cell(ring, ticket);
    unsigned long long value;
    /* A giver holding this cell for our turn may not have written it yet. */
    while (((value = *cell) >> 32) != 2 * turn + 1) {
    }
    *cell = (2 * turn + 2) << 32;
    return (unsigned int)value;
}

/* Gives back `count` indices at once: one ticket, one fence and one count
 * for all. A block that stops gives back up to CDPL_SPARE_RECORDS; one by
 * one, each was a ticket, a cell, a fence and a count, on the ring's hot
 * words that every block of a live launch updates as it begins to wait or
 * stops (tree_faf 0.431 -> 0.415 ms, H100, docs/benchmarks.md). Inline: out
 * of line, it raised the register count of tree_faf's entry by 4 and of
 * quicksort's by 6, and tree_null ran 0.6% slower. */
static __device__ __forceinline__ void cdpl_ring_give_all(cdpl_ring *ring, const unsigned int *indices,
                                                          unsigned int count)
{
    if (count == 0u) return;
    const unsigned long long first = atomicAdd(&ring->tail, (unsigned long long)count);
    for (unsigned int i = 0; i < count; ++i) {
        const unsigned long long turn = (first + i) >> ring->cell_bits;
        volatile unsigned long long *cell = cdpl_ring_cell(ring, first + i);
        /* The taker of the previous lap may still be reading this cell. */
        while ((*cell >> 32) != 2 * turn) {
        }
        *cell = ((2 * turn + 1) << 32) | indices[i];
    }
    __threadfence();
    atomicAdd(&ring->available, (int)count);
}

static __device__ void cdpl_ring_give(cdpl_ring *ring, unsigned int index)
{
    cdpl_ring_give_all(ring, &index, 1u);
}

/* Frees a completed record: the block keeps it for its own next launches
 * while it has room, else it goes back to the ring. Only the block's last
 * thread completes records. */
static __device__ void cdpl_free_record(cdpl_state *state, unsigned int index)
{
    /* Atomics, though every thread that took a spare has counted out by now
     * (cdpl_count_thread_out orders it): racecheck does not see that order,
     * and flags plain stores after the takers' reads. */
    int count = cdpl_context.spare_count;
    if (count < CDPL_SPARE_RECORDS) {
        atomicExch(&cdpl_context.spare[count], index);
        atomicAdd(&cdpl_context.spare_count, 1);
    } else {
        cdpl_ring_give(&state->record_ring, index);
    }
}

/* The block runs nothing more, or is about to wait for a record: what it
 * kept goes back, its records to the ring, its pending-launch slots to the
 * count, and its count of records begun without a wave to the state,
 * whose one word every such record had updated. */
static __device__ void cdpl_return_block_holdings(cdpl_state *state)
{
    cdpl_ring_give_all(&state->record_ring, cdpl_context.spare, (unsigned int)cdpl_context.spare_count);
    cdpl_context.spare_count = 0;
    /* An atomic: the block's launching threads read the count without a
     * barrier since (cdpl_take_pending_credit), which racecheck flags. */
    int credit = atomicExch(&cdpl_context.pending_credit, 0);
    if (credit > 0) atomicSub(&state->pending, credit);
    if (cdpl_context.continued != 0) {
        atomicAdd(&state->records_continued, (unsigned long long)cdpl_context.continued);
        cdpl_context.continued = 0;
    }
}

#endif
