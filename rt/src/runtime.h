/* Internal interface between the host runtime's files. */
#ifndef CDPL_RUNTIME_H
#define CDPL_RUNTIME_H

#include "cdpl_abi.h"
#include "cdpl_host.h"

/* cudaLimitDevRuntimePendingLaunchCount until the program sets it. */
#define CDPL_DEFAULT_PENDING_LIMIT 2048u

typedef struct cdpl_kernel {
    unsigned int id;
    const char *name;
    const void *entry;  /* what runs: a runtime kernel's entry, or a queried kernel itself */
    size_t params_size; /* 0 for a kernel registered only to answer device-side queries */
    size_t dynamic_shmem_limit; /* the entry's dynamic shared memory limit, 0 until read */
    int waits_for_planner;      /* its entry was compiled for compute 9.0 on (read with the limit) */
    const void *module; /* the registering file's state symbol */
    int file_local;     /* registered by cdpl_register_file_local_kernel */
    unsigned int traits;/* enum cdpl_kernel_traits */
    /* Its last live launches pushed no record: spare workers would only
     * wait (drain.c), so it runs without them until a launch pushes again. */
    int spares_idle;
    /* The host address of the kernel's name, and its parameters
     * (cdpl_register_host_view, cdpl_register_foreign_kernel); NULL and 0
     * where unknown. */
    const void *symbol;
    const cdpl_param_slot *params;
    unsigned int nparams;
    /* `entry` is the kernel itself, whose records the host launches one
     * by one (cdpl_register_foreign_kernel). */
    int native;
    int registration; /* registry.c's registration_kind: which registration decided `entry` */
    /* How many blocks of the entry fit on the GPU at once, for the last
     * block size and shared memory asked about (drain.c's spare workers). */
    struct {
        unsigned int threads;
        size_t shmem;
        unsigned long long blocks;
    } residency;
} cdpl_kernel;

/* registry.c */
cdpl_kernel *cdpl_find_kernel(unsigned int id);
/* The kernel whose symbol or entry is `function`, or NULL. */
cdpl_kernel *cdpl_find_kernel_by_address(const void *function);
cdpl_kernel *cdpl_builtin_kernel(void);
size_t cdpl_kernel_count(void);
const cdpl_kernel *cdpl_kernel_at(size_t index);
size_t cdpl_largest_params(void);
size_t cdpl_module_count(void);
/* Forgets what the host learnt about the entries (shared memory limits it
 * raised, occupancy): a new context knows none of it. */
void cdpl_forget_entry_settings(void);
const void *cdpl_module_state_symbol(size_t module);
const cdpl_module_kernels *cdpl_scheduler_kernels(void);

/* device_state.c: the device-side state, made on first use. */
typedef struct cdpl_device_state {
    cdpl_state *device;      /* the cdpl_state in device memory */
    cdpl_state mirror;       /* its pointers, as the host set them */
    cdpl_plan *plan;         /* pinned, written by the planner */
    cdpl_failure *failure;   /* pinned, written by device code that fails */
    unsigned char *staging;  /* device buffer for a host launch's parameters */
    cdpl_spec_slot *spec_slots; /* CDPL_SPEC_GROUPS, device memory: the planner's answers to
                                   speculative launches (drain.c) */
    cdpl_device_settings *settings; /* pinned, read by device code (device_settings.c) */
    size_t device_bytes;
    unsigned long long context;     /* the context it lives in (context_epoch.c) */
    unsigned int host_pending_limit; /* the program's pending-launch limit, which device code
                                        reads back (mirror.pending_limit: what is enforced) */
} cdpl_device_state;
/* Prints, once, why device code of the runtime stopped the program, if it did. */
void cdpl_report_failure(const cdpl_failure *failure);
/* Whether the runtime failed (device code stopped the program, or the host
 * found the runtime's work broken): the program then exits with a failure. */
int cdpl_runtime_failed(void);
/* The state, made on the first call; every call comes before a launch, and
 * reads again what device code may ask of the host's settings. */
cudaError_t cdpl_device_state_get(cdpl_device_state **state);
/* Fills in the memory figures of stats (capacity, bytes), given its peak_records. */
void cdpl_get_stats_memory(cdpl_stats *stats);

/* device_settings.c: the host's limits and preferences, for device code.
 * The first makes their pinned memory; the second reads them into it, if a
 * lowered file asks them (cdpl_register_settings_reader). */
cudaError_t cdpl_make_device_settings(cdpl_device_settings **settings);
void cdpl_refresh_device_settings(cdpl_device_settings *settings, unsigned int pending_limit);

/* drain.c: waits for the end of the last host launch's tree where the
 * launch returned before it (its last wave's kernels launch nothing), and
 * reports what went wrong in it. */
cudaError_t cdpl_settle_launches(void);
/* The same at exit, which then frees what it used. */
void cdpl_end_launches(void);
/* Drops, untouched, what the drain kept of a context that is gone: the
 * last tree's end (its events, its stream), the live queue's positions. */
void cdpl_forget_launches(void);

/* context_epoch.c: which CUDA context is current, as a unique id; 0 when
 * none is (or a reset left it inactive), CDPL_CONTEXT_UNKNOWN where the
 * driver cannot say (HIP). The state made in one context is unusable in
 * another (cudaDeviceReset). */
#define CDPL_NO_CONTEXT 0ull
#define CDPL_CONTEXT_UNKNOWN (~0ull)
unsigned long long cdpl_current_context(void);
/* The same, once the runtime API has made its context current on this thread. */
unsigned long long cdpl_context_for_launch(void);
int cdpl_same_context(unsigned long long made_in, unsigned long long now);

/* drain.c: launches kernel `kernel` (native: cdpl_register_foreign_kernel)
 * as itself, with its packed parameters `params`. */
cudaError_t cdpl_launch_native(const cdpl_kernel *kernel, dim3 grid, dim3 block, size_t shmem, cudaStream_t stream,
                               const unsigned char *params);

/* Reports a runtime failure on stderr, prefixed "cdp-lower runtime: ". */
void cdpl_report(const char *format, ...);

#endif
