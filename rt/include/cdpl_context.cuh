/* cdpl_context.cuh
 *
 * What every part of the device runtime shares: the launch configuration of
 * a lowered `<<<...>>>`, the block being run (cdpl_context: its record, its
 * virtual blockIdx and gridDim) and the runtime's pointers.
 *
 * One part of the device runtime: lowered code includes cdpl.cuh, which
 * includes every part in order. */
#ifndef CDPL_CONTEXT_CUH
#define CDPL_CONTEXT_CUH

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

/* The type of a parameter declared as T, which a launch record holds: the
 * pointer where T is an array or a function (C++ adjusts it), else T. The
 * lowering spells a parameter through it where a typedef or a template
 * parameter may hide such a T. */
template <typename T> struct cdpl_decayed {
    typedef T type;
};
template <typename T, size_t N> struct cdpl_decayed<T[N]> {
    typedef T *type;
};
template <typename T> struct cdpl_decayed<T[]> {
    typedef T *type;
};
template <typename R, typename... A> struct cdpl_decayed<R(A...)> {
    typedef R (*type)(A...);
};
template <typename R, typename... A> struct cdpl_decayed<R(A..., ...)> {
    typedef R (*type)(A..., ...);
};
#if defined(__cpp_noexcept_function_type)
template <typename R, typename... A> struct cdpl_decayed<R(A...) noexcept> {
    typedef R (*type)(A...) noexcept;
};
template <typename R, typename... A> struct cdpl_decayed<R(A..., ...) noexcept> {
    typedef R (*type)(A..., ...) noexcept;
};
#endif

/* What a launch record holds for a parameter taken by reference (a kernel
 * may take `const T &` of an object in managed memory): the object's
 * address, which the launcher takes and the entry reads through. */
template <typename T> struct cdpl_referent_pointer;
template <typename T> struct cdpl_referent_pointer<T &> {
    typedef T *type;
};
template <typename T> struct cdpl_referent_pointer<T &&> {
    typedef T *type;
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
/* Pending-launch slots a block keeps from its finished records for the
 * launches of its next ones: the count may stand that much above the
 * launches not yet begun, per block, while the block runs. */
#define CDPL_KEPT_PENDING_SLOTS 2
/* Ready records that a block of a live launch holds: its one-block grid's
 * children until its block is done, and those it keeps to run itself. */
#define CDPL_HELD_RECORDS_MAX 12

/* Of those, how many a block keeps when no block of its launch waits for a
 * record (cdpl_records_to_hand_on): the rest of CDPL_HELD_RECORDS_MAX is
 * room for the children of its next record. */
#define CDPL_HELD_RECORDS_KEPT 4

/* How many levels above their parent a grid's children may count
 * (cdpl_set_children_count_in): a count then gathers at most 2 + 4 + ... +
 * 512 grids of a binary tree, and a completion climbs one count in nine
 * levels. Against 5, tree_faf ran 0.5-1% faster in each of five A/Bs on
 * H200s, quadtree and quicksort 0.1-0.2%, tree_null alike
 * (docs/benchmarks.md): the fewer counts a leaf climbs, the sooner its
 * tree is seen complete, while more grids share one count. */
#ifndef CDPL_COUNT_HOPS_MAX
#define CDPL_COUNT_HOPS_MAX 8u
#endif

/* The block being run: which record, which virtual block of its grid. Every
 * kernel of a lowered file that can reach virtualized code sets it first.
 * A multiple of 16 bytes: an entry's static shared memory is counted in
 * 16-byte units, and cdpl_check_shared_memory_fits takes the kernel's own as
 * the entry's less this size (104 bytes showed as 112, and a launch of
 * exactly 48 KB of dynamic shared memory was refused). */
struct alignas(16) cdpl_block_context {
    cdpl_state *state;
    /* The state's record pool, where record addresses come from without a
     * load from global memory: after each fence, which empties L1, reading
     * them from the state was one more round trip to L2 before the
     * record's own (cdpl_record_at). */
    unsigned char *records;
    unsigned int record_stride;
    unsigned int record;            /* CDPL_NONE outside the runtime */
    uint3 block;
    uint3 grid;
    unsigned int null_stream_last;  /* this block's NULL stream */
    unsigned int threads_left;
    unsigned int thread_state_offset;
    /* Where the children of the block's record count until they are
     * complete, and how many levels above their parent that is
     * (`children_count_hops`, below): the record itself, or an ancestor
     * (cdpl_set_children_count_in). Both fill holes that alignment left. */
    unsigned int children_count_in;
    const unsigned char *params;
    unsigned int continue_kernel;   /* 0, or the kernel this block may go on with */
    unsigned int continuation;      /* the ready record it will go on with, or CDPL_NONE */
    unsigned int continuation_is_child; /* nonzero when that record is a child of the block's grid */
    /* Records this block freed, which its next launches take before the
     * ring (cdpl_take_record): a chain of grids that one block runs by
     * continuation then takes and frees records without the ring's global
     * atomics. Only the block's last thread frees records, after every
     * other thread has left the body, so a take never meets a give. */
    int spare_count;
    unsigned int spare[CDPL_SPARE_RECORDS];
    /* Pending-launch slots the block holds (cdpl_take_record): the slot of
     * a record it began without a wave stays counted in the state's
     * `pending` until a launch of the block takes it over, or the block
     * stops (cdpl_return_block_holdings); at most CDPL_KEPT_PENDING_SLOTS
     * outlive their record (cdpl_leave_block). */
    int pending_credit;
    /* Records the block began without a wave, not yet added to the state's
     * `records_continued` (cdpl_return_block_holdings). */
    unsigned int continued;
    unsigned int live;              /* enum cdpl_live_mode */
    unsigned int children_count_hops;
    unsigned long long planned_goal;/* cdpl_wave.planned_goal */
    /* Ready records the block holds, oldest first: children of its
     * one-block grid, which go to the live queue when the block is done or
     * stay for the block to run (cdpl_records_to_hand_on). */
    unsigned int held_count;
    unsigned int held[CDPL_HELD_RECORDS_MAX];
    /* Nonzero once the block's record has put in a stream anything that
     * counts in its `outstanding` or waits for it (a tail): its completion
     * then has children's work to learn of (cdpl_grid_blocks_done).
     * Children that count above it (cdpl_set_children_count_in) do not. */
    unsigned int launched;
    /* Nonzero when the block's grid ends with its launch: its blocks do not
     * count themselves out, the next planner completes it (cdpl_leave_block). */
    unsigned int ends_with_wave;
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

/* Waits until the grid before this one in its stream is done and what it
 * wrote is visible: the wait of a programmatic dependent launch (drain.c),
 * which may begin before that grid ends. Compiled for compute 9.0 on only;
 * the host launches nothing that waits on older code. */
static __device__ __forceinline__ void cdpl_wait_for_grid_before()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900 && !defined(CDPL_GPU_HIP)
    asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}

static __device__ __forceinline__ cdpl_record *cdpl_record_in(unsigned char *records, unsigned int stride,
                                                              unsigned int index)
{
    return cdpl_global(reinterpret_cast<cdpl_record *>(records + (size_t)index * stride));
}

/* Record `index` of the pool that the block's kernel set up (an entry from
 * its launch's parameters, a scheduler kernel with cdpl_use_record_pool). */
static __device__ __forceinline__ cdpl_record *cdpl_record_at(unsigned int index)
{
    return cdpl_record_in(cdpl_context.records, cdpl_context.record_stride, index);
}

/* For cdpl_record_at in a scheduler kernel (thread 0, before a barrier). */
static __device__ __forceinline__ void cdpl_use_record_pool(const cdpl_state *state)
{
    cdpl_context.records = state->records;
    cdpl_context.record_stride = state->record_stride;
}

#endif
