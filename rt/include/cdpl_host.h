/* The host runtime's C interface, called by generated code (through
 * cdpl.cuh) and usable from C. */
#ifndef CDPL_HOST_H
#define CDPL_HOST_H

#include "cdpl_gpu.h"
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Kernels every lowered translation unit compiles from cdpl.cuh: the
 * scheduler's own, which the host runtime launches. */
typedef struct cdpl_module_kernels {
    unsigned int abi_version;
    const void *plan;   /* cdpl_plan_kernel(cdpl_state *, unsigned int wave_end_completed,
                          unsigned long long publish) */
    const void *inject; /* cdpl_inject_kernel(cdpl_state *, cdpl_root_request) */
    const void *builtin;/* cdpl_builtin_entry(cdpl_wave): markers, memcpy, memset */
    const void *complete; /* cdpl_complete_kernel(cdpl_state *) */
    const void *state_symbol; /* the module's `__device__ cdpl_state *`, set by the runtime */
} cdpl_module_kernels;

/* Makes `entry` (a __global__ taking one cdpl_wave) the kernel behind `id`;
 * `traits` is a set of enum cdpl_kernel_traits. Called during static
 * initialisation; returns 1, or 0 after printing why (an id that names two
 * different kernels, too many kernels). */
int cdpl_register_kernel(const cdpl_module_kernels *module, unsigned int id,
                         const char *name, const void *entry, size_t params_size, unsigned int traits);

/* The same for a kernel that only the file registering it launches (one of
 * internal linkage, or a kernel template, whose entry calls that file's
 * bodies): a second registration of its id from another file is refused,
 * as it means one file built twice into one program. */
int cdpl_register_file_local_kernel(const cdpl_module_kernels *module, unsigned int id, const char *name,
                                    const void *entry, size_t params_size, unsigned int traits);

/* Makes `kernel`, an ordinary __global__ function that device code asks
 * cudaFuncGetAttributes or an occupancy calculator about, known under `id`. */
int cdpl_register_queried_kernel(const cdpl_module_kernels *module, unsigned int id, const char *name,
                                 const void *kernel);

/* Where one parameter of a kernel lies in its packed parameters (its
 * launch record, laid out as CUDA lays out a parameter buffer): what turns
 * the `void **args` of cudaLaunchKernel into a record, and a record into
 * them. */
typedef struct cdpl_param_slot {
    unsigned int offset;
    unsigned int size;
} cdpl_param_slot;

/* Says what the runtime kernel `id` is known by in host code: `symbol`, the
 * address its name has there (what another file's cudaFuncGetAttributes
 * or cudaLaunchKernel is given), and its `nparams` parameters. Called by
 * the file that lowered the kernel, after cdpl_register_kernel; returns 1. */
int cdpl_register_host_view(unsigned int id, const void *symbol, const cdpl_param_slot *params,
                            unsigned int nparams);

/* A kernel that device code of this file launches and another file defines
 * (declared in a shared header): `symbol` is its name's host address.
 * Where the defining file lowered it, that file's entry runs it; where
 * nothing registers an entry under `id` (the kernel launches nothing, and
 * its file needed no lowering), the host launches each of its records as
 * the kernel itself, with the record's configuration and parameters.
 * Returns 1, or 0 after printing why. */
int cdpl_register_foreign_kernel(const cdpl_module_kernels *module, unsigned int id, const char *name,
                                 const void *symbol, size_t params_size, const cdpl_param_slot *params,
                                 unsigned int nparams);

/* The function a host-side query or launch of the kernel whose name has
 * the host address `symbol` is about: the entry of the runtime kernel that
 * registered that symbol (cdpl_register_host_view), else `symbol`. */
const void *cdpl_host_kernel_address(const void *symbol);
/* What a host launch through a pointer calls (cdpl_host_launchable): the
 * host function of the runtime kernel `function` stands for (its entry or
 * its name), which launches it through the runtime; else `function`. */
const void *cdpl_host_launch_address(const void *function);

/* cudaLaunchKernel, in lowered code: a runtime kernel, named by its
 * symbol or its entry, is launched as a host <<<>>> launch of it is (its
 * arguments packed by its registered parameters); any other function is
 * given to cudaLaunchKernel. */
cudaError_t cdpl_cudaLaunchKernel(const void *function, dim3 grid, dim3 block, void **args, size_t shmem,
                                  cudaStream_t stream);

/* Says that a lowered file's device code asks cudaDeviceGetLimit,
 * cudaDeviceGetCacheConfig or cudaDeviceGetSharedMemConfig: the runtime
 * then reads the host's answers again before each launch. Called during
 * static initialisation; returns 1. */
int cdpl_register_settings_reader(void);

/* Says that a lowered file's device code makes 2-D or 3-D copies or sets
 * (cudaMemcpy2DAsync, ...), whose records need more room than any other's.
 * Called during static initialisation; returns 1. */
int cdpl_register_pitched_copies(void);

/* The function that kernel `id` runs as (its entry, for a runtime kernel),
 * for host-side answers to the same queries; NULL if `id` is unknown. */
const void *cdpl_kernel_function(unsigned int id);

/* Starts the runtime (allocates the queue, reads what device code may ask
 * about the device and the kernels) if it has not started yet. Generated
 * code calls it before a host launch of a kernel that asks such questions
 * without launching anything. */
cudaError_t cdpl_start_runtime(void);

/* Runs kernel `id` as a host launch: injects the root record into the queue
 * and drains the whole launch tree in `stream`. Blocks the calling thread
 * until the tree is complete, or until its last wave is launched where the
 * runtime knows it to be the last (its kernels launch nothing): the next
 * host launch then waits for it. Returns what the launch or the drain's
 * synchronisation returned, or an error of the last tree found since; an
 * invalid configuration is launched for real so that CUDA's own last error
 * says so. */
cudaError_t cdpl_host_launch(unsigned int id, dim3 grid, dim3 block, size_t shmem,
                             cudaStream_t stream, const void *params, size_t params_size);

/* Figures of the last drain and of the whole run, for benchmarks. */
typedef struct cdpl_stats {
    unsigned long long waves;
    unsigned long long physical_launches;
    unsigned long long records;   /* run by physical launches of waves */
    unsigned long long records_continued; /* run by a block right after another record */
    unsigned long long host_launches;
    unsigned int peak_records; /* most records taken from the pool at once: grids not yet complete,
                                  and free ones that blocks keep for their next launches */
    unsigned int capacity;
    size_t peak_record_bytes;  /* peak_records times a record's size: the pool's peak use */
    size_t device_bytes;       /* all the runtime's device memory, the record pool included */
} cdpl_stats;
void cdpl_get_stats(cdpl_stats *stats);

#ifdef __cplusplus
}
#endif

#endif
