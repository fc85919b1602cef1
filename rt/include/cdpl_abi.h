/* The memory layout shared by the host runtime (C) and the device side
 * (cdpl.cuh): records, the scheduler's tables, the plan the host reads.
 * Every field touched by device atomics is a naturally aligned 32- or 64-bit
 * integer; 64-bit counters are `unsigned long long` because that is the type
 * CUDA's atomics take. */
#ifndef CDPL_ABI_H
#define CDPL_ABI_H

#include "cdpl_gpu.h"
#include <stddef.h>

#define CDPL_ABI_VERSION 17u

/* Compiled for both sides where CUDA or HIP compiles this header, host-only in C. */
#if defined(__CUDACC__) || defined(__HIP__)
#define CDPL_HOST_DEVICE __host__ __device__
#else
#define CDPL_HOST_DEVICE
#endif

/* Counters that every launch and completion of a wave updates get a cache
 * line (128 bytes) each: atomics on one line are served one after another
 * by one L2 slice, so counters sharing a line would wait for each other. */
#ifdef __cplusplus
#define CDPL_OWN_LINE alignas(128)
#else
#define CDPL_OWN_LINE _Alignas(128)
#endif

/* The grid and block shapes a launch may have (the hardware's limits): the
 * host launch and the device launch check them alike. */
static inline CDPL_HOST_DEVICE int cdpl_shape_is_valid(unsigned int grid_x, unsigned int grid_y,
                                                       unsigned int grid_z, unsigned int block_x,
                                                       unsigned int block_y, unsigned int block_z)
{
    if (grid_x == 0 || grid_y == 0 || grid_z == 0 || block_x == 0 || block_y == 0 || block_z == 0) return 0;
    if (grid_x > 0x7fffffffu || grid_y > 65535u || grid_z > 65535u) return 0;
    if (block_x > 1024u || block_y > 1024u || block_z > 64u) return 0;
    return (unsigned long long)block_x * block_y * block_z <= 1024ull;
}

/* "No record": an empty stream, a root's parent, an empty list. */
#define CDPL_NONE 0xffffffffu

/* Kernel parameters are at most 4 KB, as for a CUDA parameter buffer. */
#define CDPL_MAX_PARAMS_SIZE 4096u
#define CDPL_ROOT_INLINE_PARAMS 256u
#define CDPL_RECORD_HEADER_SIZE 128u
#define CDPL_PARAMS_ALIGN 16u

/* Ready records are grouped by (kernel, block shape) in an open-addressing
 * table of this many slots; one group becomes one physical launch. */
#define CDPL_GROUP_TABLE_SIZE 1024u
/* Groups the host reads with the plan header in one copy. */
#define CDPL_PLAN_INLINE_GROUPS 64u
#define CDPL_PLAN_THREADS 1024u

/* A group slot packs (records so far << 40 | blocks so far) in one word, so
 * a single atomicAdd gives a record both its index and its first block. */
#define CDPL_GROUP_BLOCK_BITS 40u
#define CDPL_GROUP_BLOCK_MASK ((1ull << CDPL_GROUP_BLOCK_BITS) - 1ull)
#define CDPL_MAX_CAPACITY (1u << 23)

/* cudaDeviceAttr values the runtime reads on the host for device code. */
#define CDPL_DEVICE_ATTRIBUTES 256
#define CDPL_NO_ATTRIBUTE (-2147483647 - 1)

/* Occupancy depends on a block's size only through its warp count; the host
 * measures it for each count with no dynamic shared memory, and device code
 * adds the limit that dynamic shared memory sets. */
#define CDPL_MAX_WARPS_PER_BLOCK 32

enum cdpl_record_flags {
    CDPL_RECORD_TAIL = 1u,           /* launched into cudaStreamTailLaunch */
    CDPL_RECORD_FIRE_AND_FORGET = 2u /* launched into cudaStreamFireAndForget */
};

/* What generated code tells the runtime about a kernel when it registers it. */
enum cdpl_kernel_traits {
    /* Its entry may go on with further one-block records of its own kind,
     * and its body (or a device function it calls) launches the kernel
     * itself: a wave of it gets spare workers for the records it makes
     * ready (cdpl_live_queue). */
    CDPL_KERNEL_RUNS_ITS_OWN_CHILDREN = 1u,
    /* Neither its body nor anything it calls makes a record (no launch,
     * stream, event or asynchronous copy), as far as the lowering sees
     * every callee: a launch tree whose next wave is all such kernels, with
     * no launch left pending, ends with that wave (drain.c). */
    CDPL_KERNEL_LAUNCHES_NOTHING = 2u
};

/* What a record runs. Everything but a user kernel is run by the built-in
 * entry kernel under CDPL_BUILTIN_KERNEL_ID, which no user kernel may take. */
enum cdpl_record_kind {
    CDPL_KIND_KERNEL = 0,
    CDPL_KIND_MARKER = 1, /* an event record or wait: runs nothing */
    CDPL_KIND_MEMCPY = 2, /* params: cdpl_copy_params */
    CDPL_KIND_MEMSET = 3, /* params: cdpl_copy_params, value in `value` */
    CDPL_KIND_MEMCPY_PITCHED = 4, /* params: cdpl_pitched_copy_params */
    CDPL_KIND_MEMSET_PITCHED = 5  /* params: cdpl_pitched_copy_params, value in `value` */
};
#define CDPL_BUILTIN_KERNEL_ID 0u
#define CDPL_BUILTIN_COPY_THREADS 256u
#define CDPL_BUILTIN_MARKER_THREADS 32u

typedef struct cdpl_copy_params {
    void *destination;
    const void *source;
    unsigned long long bytes;
    int value;
    int reserved;
} cdpl_copy_params;

/* A 2-D or 3-D copy or set: `depth` slices of `height` rows of `width`
 * bytes, rows `*_pitch` bytes apart and slices `*_slice` bytes apart. Larger
 * than any record's parameters need to be otherwise: a file whose device
 * code makes such copies registers so (cdpl_register_pitched_copies), and
 * only then are the records made large enough to hold it. */
typedef struct cdpl_pitched_copy_params {
    void *destination;
    const void *source;
    unsigned long long destination_pitch;
    unsigned long long destination_slice;
    unsigned long long source_pitch;
    unsigned long long source_slice;
    unsigned long long width;
    unsigned long long height;
    unsigned long long depth;
    int value;
    int reserved;
} cdpl_pitched_copy_params;

/* Errors the scheduler itself can hit; reported by the host with a message. */
enum cdpl_runtime_error {
    CDPL_RT_OK = 0,
    CDPL_RT_GROUP_TABLE_FULL = 1,
    CDPL_RT_BLOCK_COUNT_OVERFLOW = 2,
    CDPL_RT_RECORD_POOL_EMPTY = 3,
    CDPL_RT_LAUNCH_OUTSIDE_RUNTIME = 4,
    CDPL_RT_PITCHED_COPY_UNREGISTERED = 5,
    CDPL_RT_ENTRY_LAUNCHED_AS_KERNEL = 6
};

/* Where device code that fails leaves the reason before it traps: pinned
 * host memory, which the host still reads once the trap has made every CUDA
 * call fail. The host prints the message; device-side printf would cost
 * every entry kernel about ten registers (the call's convention sets its
 * peak register count). */
typedef struct cdpl_failure {
    unsigned int error;         /* enum cdpl_runtime_error; 0 until one fails */
    unsigned int detail;        /* written with `error` in one 8-byte store */
} cdpl_failure;

/* What device-side cudaDeviceGetLimit, cudaDeviceGetCacheConfig and
 * cudaDeviceGetSharedMemConfig answer: the host's own answers, in pinned
 * host memory, which the host reads again before each launch once a lowered
 * file has said that it asks them (cdpl_register_settings_reader): device
 * code sees a limit or preference that the host changed between two
 * launches, as natively. The `_code`s are what the host's calls returned
 * (rt/src/device_settings.c). */
#define CDPL_LIMITS 7 /* cudaLimitStackSize .. cudaLimitPersistingL2CacheSize */
typedef struct cdpl_device_settings {
    unsigned long long limits[CDPL_LIMITS];
    int limit_codes[CDPL_LIMITS];
    int cache_config;
    int cache_config_code;
    int shared_mem_config;
    int shared_mem_config_code;
} cdpl_device_settings;

/* One launched grid. The packed parameters follow the header at
 * CDPL_RECORD_HEADER_SIZE; records are `record_stride` bytes apart. */
typedef struct cdpl_record {
    unsigned int kernel_id;
    unsigned int parent;        /* record index, or CDPL_NONE for a host launch */
    unsigned int grid[3];
    unsigned int block[3];
    unsigned int shmem;
    unsigned int flags;
    int deps;                   /* unfinished predecessors, or the launcher's guard */
    int outstanding;            /* own blocks (1) + unfinished non-tail children */
    unsigned long long blocks_left;
    unsigned int next;          /* successor in the same stream */
    unsigned int tail_first;    /* first tail launch of this grid */
    unsigned int tail_last;     /* last tail launch so far (the tail stream) */
    unsigned int streams;       /* named streams this grid created (a list) */
    unsigned int params_size;
    unsigned int kind;          /* enum cdpl_record_kind */
    unsigned int waiters;       /* records waiting on this one through an event */
    unsigned int next_waiter;   /* next record in the waiters list this one is in */
    unsigned int count_in;      /* the grid whose `outstanding` counts this one until it is
                                   complete: its parent, or an ancestor (cdpl_link); for a
                                   tail, its parent; CDPL_NONE for a host launch */
    unsigned int count_hops;    /* how many levels above the parent `count_in` is */
    unsigned int reserved[8];
} cdpl_record;

/* A named stream or an event created in device code; handles are pointers
 * to these. Both are private to the grid that created them. */
typedef struct cdpl_stream_object {
    unsigned int magic;
    unsigned int owner;         /* the grid (record) that created it */
    unsigned int last;          /* stream: last record launched into it;
                                   event: the marker of its last record */
    unsigned int next_owned;    /* next object of the same owner */
} cdpl_stream_object;
#define CDPL_STREAM_MAGIC 0x5cd95eadu
#define CDPL_EVENT_MAGIC 0x5cde7e47u

/* A multi-producer multi-consumer ring of free indices. Each cell holds
 * (turn << 32 | index); the turn tells takers and givers of different laps
 * apart, so a slow taker never reads a value given for a later lap. */
typedef struct cdpl_ring {
    unsigned long long *cells;
    unsigned int capacity;      /* indices it holds */
    /* 1 << cell_bits cells, at least capacity: a ticket's cell and turn are
     * a mask and a shift, not a 64-bit division (a subroutine call that kept
     * every entry kernel at its peak register count). */
    unsigned int cell_bits;
    CDPL_OWN_LINE int available;
    /* The lowest `available` so far: capacity less it is the most indices
     * ever taken at once. Only falls, so a stale read of it costs at most
     * a needless atomicMin, never a missed low. */
    CDPL_OWN_LINE int fewest_available;
    CDPL_OWN_LINE unsigned long long head;    /* takes so far */
    CDPL_OWN_LINE unsigned long long tail;    /* gives so far (starts at capacity: full) */
} cdpl_ring;

/* Ready one-block records that any block of the running launch may take
 * when it is done (the launch's kernel and block shape, see
 * cdpl_live_push): the persistent part of a wave. Launches of a drain run
 * one after another, and a launch ends only when its queue is empty, so one
 * queue serves them all. Positions only grow; a cell serves every
 * `capacity`-th one. */
typedef struct cdpl_live_queue {
    unsigned int *cells;        /* record indices by position; CDPL_NONE while empty */
    unsigned int capacity;      /* a power of two (see cdpl_ring.cell_bits) */
    CDPL_OWN_LINE unsigned long long head;    /* taken so far */
    CDPL_OWN_LINE unsigned long long tail;    /* pushed so far */
    /* Records in the queue and bodies running: while any is, the queue may
     * still grow, so waiting blocks do not leave. */
    CDPL_OWN_LINE int running;
    /* Blocks of planned items that have begun, over all launches so far. */
    CDPL_OWN_LINE unsigned long long planned_begun;
} cdpl_live_queue;

typedef struct cdpl_group_slot {
    unsigned long long key;     /* 0: empty; else cdpl_group_key() */
    unsigned long long packed;  /* records << 40 | blocks */
    unsigned int shmem;         /* largest dynamic shared memory of its records */
    unsigned int reserved;
} cdpl_group_slot;

/* A record made ready during a wave, waiting for the planner. */
typedef struct cdpl_ready_item {
    unsigned long long first_block;
    unsigned int record;
    unsigned int slot;          /* its group slot */
    unsigned int index;         /* its rank within the group */
    unsigned int launched_by_device; /* 1: a pending launch until its wave is planned */
} cdpl_ready_item;

/* A record in a planned group, sorted by first_block. */
typedef struct cdpl_wave_item {
    unsigned long long first_block;
    unsigned int record;
    unsigned int reserved;
} cdpl_wave_item;

/* One physical launch of the next wave. */
typedef struct cdpl_group {
    unsigned int kernel_id;
    unsigned int block[3];
    unsigned int shmem;
    unsigned int count;         /* records */
    unsigned long long blocks;  /* physical blocks: the sum of the records' grids */
    unsigned int first_item;    /* into cdpl_state.wave_items */
    /* Blocks of each record, where all have as many and they fit 32 bits;
     * else 0 (cdpl_begin_planned_block). */
    unsigned int uniform_blocks;
} cdpl_group;

/* Groups of the next wave whose entries the host may launch before the
 * plan exists (drain.c): at most this many a wave. */
#define CDPL_SPEC_GROUPS 4u

/* What the planner tells a speculative launch: the group it runs (count 0:
 * none, the launch's blocks leave at once). */
typedef struct cdpl_spec_slot {
    unsigned long long blocks;
    unsigned int first_item;     /* into cdpl_state.wave_items, as cdpl_group.first_item */
    unsigned int count;
    unsigned int uniform_blocks; /* cdpl_group.uniform_blocks */
    unsigned int reserved;
} cdpl_spec_slot;

/* The launches the host made, after the planner, for the wave it plans:
 * a group of the plan whose kernel and block shape match one, whose blocks
 * it has and whose dynamic shared memory fits, runs in it. */
typedef struct cdpl_speculation {
    unsigned int count;
    unsigned int reserved;
    cdpl_spec_slot *slots; /* slots[i] answers launches[i] */
    struct {
        unsigned int kernel_id;
        unsigned int block[3];
        unsigned int shmem_capacity;
        unsigned int reserved;
        unsigned long long blocks;
    } launches[CDPL_SPEC_GROUPS];
} cdpl_speculation;

typedef struct cdpl_plan {
    unsigned int ngroups;
    unsigned int records_peak;  /* most records taken from the pool at once, so far */
    unsigned long long roots_done;
    unsigned long long records_continued; /* run by a block that had finished another record,
                                             without a wave of their own, so far */
    /* The live queue's push position when the plan began, and after the
     * planner moved it past the positions that blocks left: a wave whose
     * live launches pushed nothing leaves the one equal to the last plan's
     * other (drain.c's spare workers). */
    unsigned long long live_pushed;
    unsigned long long live_restart;
    cdpl_group groups[CDPL_PLAN_INLINE_GROUPS];
    /* The group that the host's speculative launch l runs (cdpl_speculation),
     * or CDPL_NONE: the host launches nothing for it. Here rather than in
     * cdpl_group: a larger group moved the runtime's device state to other
     * addresses, and tree_faf ran 5% slower (H100). */
    unsigned int speculated[CDPL_SPEC_GROUPS];
    /* Device launches neither planned nor begun once this plan is made:
     * records that a later wave will run beside those of the plan. */
    unsigned int pending_left;
    unsigned int reserved;
    /* The planner's last write: the host waits for its number here rather
     * than for the planner's launch to end (drain.c). */
    unsigned long long published;
} cdpl_plan;

/* What device-side cudaFuncGetAttributes and the occupancy calculators
 * answer about one registered kernel: the host's answers about the function
 * that really runs (a runtime kernel's entry). blocks_per_sm[w] is the
 * occupancy of a block of w warps without dynamic shared memory. */
typedef struct cdpl_kernel_facts {
    unsigned int kernel_id;
    int blocks_per_sm[CDPL_MAX_WARPS_PER_BLOCK + 1];
    struct cudaFuncAttributes attributes;
} cdpl_kernel_facts;

/* Everything the device side needs, in device memory. */
typedef struct cdpl_state {
    unsigned char *records;
    unsigned int record_stride;
    unsigned int params_capacity;
    cdpl_ring record_ring;
    cdpl_stream_object *streams;
    cdpl_ring stream_ring;

    /* Launches made but not yet begun, against the pending-launch limit
     * (cudaLimitDevRuntimePendingLaunchCount). Records themselves live
     * longer, until their grid is complete, in a larger pool. */
    unsigned int pending_limit;
    CDPL_OWN_LINE int pending;

    cdpl_group_slot *table;
    cdpl_ready_item *ready;
    CDPL_OWN_LINE unsigned int nready;
    CDPL_OWN_LINE cdpl_wave_item *wave_items; /* not on nready's line: read by every block */
    cdpl_group *groups;         /* CDPL_GROUP_TABLE_SIZE entries */
    cdpl_plan *plan;            /* host memory, read by the drain */
    cdpl_failure *failure;      /* host memory, see cdpl_failure */
    unsigned long long roots_done;
    unsigned long long records_continued;
    cdpl_live_queue live;

    /* What device code may ask about the device, as the host saw it: the
     * device runtime's own queries need -rdc. attributes[a] is the value of
     * cudaDeviceAttr a, or CDPL_NO_ATTRIBUTE. */
    int device;
    int device_count;
    int runtime_version;
    int nattributes;
    const int *attributes;
    const cdpl_device_settings *settings; /* host memory */
    const cdpl_kernel_facts *kernel_facts;
    unsigned int nkernel_facts;
    unsigned int reserved3;

    /* Host-side error strings and names, so device code prints what CUDA prints. */
    const char *const *error_strings;
    const char *const *error_names;
    unsigned int nerror_strings;
    unsigned int reserved2;

    /* Grids of the wave that just ran that end with it (cdpl_leave_block):
     * the next planner completes them. Each is listed once, by its first
     * block. Last, and on a line of their own: placed after `groups`,
     * they moved every field below to other lines, and tree_faf ran 1.4%
     * slower (H100, 7 runs; here, no change). */
    unsigned int *wave_end;
    CDPL_OWN_LINE unsigned int nwave_end;
    /* Records of the wave that just ran that the host launched natively (a
     * kernel defined in a file that did not lower it: cdpl_register_foreign_kernel):
     * the host lists them after their launches, the next planner completes
     * them with the grids above. */
    unsigned int *native_end;
    unsigned int nnative_end;
} cdpl_state;

#define CDPL_WAVE_MAGIC 0xc0d1a7e5u

/* What an entry kernel receives: where its records are. */
typedef struct cdpl_wave {
    cdpl_state *state;
    const cdpl_wave_item *items;
    unsigned int count;
    unsigned int thread_state_offset; /* bytes of dynamic shared memory before the
                                         per-thread slots */
    unsigned long long block_base;    /* first virtual block of this launch */
    /* Blocks of this launch that run planned items; the rest (spare
     * workers) only take records from the live queue. */
    unsigned long long planned_blocks;
    /* cdpl_state.live.planned_begun once each planned block has begun. */
    unsigned long long planned_goal;
    /* The group's cdpl_group.uniform_blocks where its blocks fit one launch, else 0. */
    unsigned int uniform_blocks;
    /* CDPL_WAVE_MAGIC: an entry launched with anything else was launched
     * as its kernel, with the kernel's arguments (through a pointer that
     * cdpl_host_kernel gave), and stops the program. */
    unsigned int magic;
    unsigned int live;                /* 1: blocks share ready records through the live queue */
    unsigned int record_stride;       /* cdpl_state.record_stride */
    unsigned char *records;           /* cdpl_state.records */
    /* A speculative launch (drain.c): made before the plan, it waits for
     * the planner, then finds its group here; `items` is then the start of
     * cdpl_state.wave_items. NULL: the fields above are the plan's. */
    const cdpl_spec_slot *speculative;
} cdpl_wave;

/* A host launch, handed to the inject kernel. */
typedef struct cdpl_root_request {
    unsigned int kernel_id;
    unsigned int grid[3];
    unsigned int block[3];
    unsigned int shmem;
    unsigned int params_size;
    /* Not 0: the host found the runtime's own work broken (drain.c's
     * stop_program); the kernel traps instead of injecting, so that CUDA's
     * state says so to the program, as after a crashed kernel. */
    unsigned int stop;
    const unsigned char *params; /* device copy of the packed parameters; NULL: inline_params */
    /* Parameters up to this size travel in the inject kernel's own
     * parameters: a copy to the device before it was a step of its own
     * between the host's call and the root's first block. */
    unsigned char inline_params[CDPL_ROOT_INLINE_PARAMS];
} cdpl_root_request;

/* Per-thread state, in dynamic shared memory after the user's. */
typedef struct cdpl_thread_slot {
    int last_error;
    unsigned int per_thread_last; /* the cudaStreamPerThread chain */
} cdpl_thread_slot;

#endif
