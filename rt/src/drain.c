/* Host launches: inject the root record and launch it, then run the queue
 * wave by wave until the launch tree is complete. Each later wave costs one
 * planner launch (which writes the plan into pinned host memory), one wait
 * for the plan, and one launch per group, made before the plan exists where
 * the same host launch had the same group last time (speculative launches);
 * records that a launch's blocks make ready for the launch itself run in it
 * (cdpl_live_queue), without a wave of their own. */
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "runtime.h"

static pthread_mutex_t drain_lock = PTHREAD_MUTEX_INITIALIZER;
static cdpl_stats totals;

/* CDPL_TRACE_WAVES=1: one line per wave on stderr, to see where a slow
 * program's time goes (the wave's groups, records and blocks, and the host
 * time from its first launch to the end of the planning that followed it). */
static int trace_waves = -1;

static double seconds_now(void)
{
    struct timespec now;
    timespec_get(&now, TIME_UTC);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

static const char *runtime_error_text(unsigned int error)
{
    switch (error) {
    case CDPL_RT_GROUP_TABLE_FULL:
        return "more (kernel, block shape) pairs ready in one wave than the scheduler's table holds";
    case CDPL_RT_BLOCK_COUNT_OVERFLOW: return "more blocks ready in one wave than the scheduler can count";
    case CDPL_RT_RECORD_POOL_EMPTY: return "no free record for a host launch (raise CDPL_RECORD_POOL)";
    case CDPL_RT_LAUNCH_OUTSIDE_RUNTIME:
        return "device-side launch or stream/event call in a kernel that the host launched natively; "
               "launch that kernel through the lowered code";
    case CDPL_RT_PITCHED_COPY_UNREGISTERED:
        return "device-side 2-D or 3-D copy in code that did not register it (a file lowered by another "
               "version of cdp-lower?); lower every file again";
    case CDPL_RT_ENTRY_LAUNCHED_AS_KERNEL:
        return "a kernel that runs through the cdpl runtime was launched through a function pointer, with "
               "its arguments; launch it by its name with <<<>>> (or cudaLaunchKernel in a lowered file)";
    default: return "unknown scheduler error";
    }
}

/* Whether the runtime failed: device code stopped the program, or the
 * host found the runtime's own work broken (stop_program). The exit then
 * reports a failure (device_state.c). */
static int failed;

int cdpl_runtime_failed(void) { return failed; }

void cdpl_report_failure(const cdpl_failure *failure)
{
    static int reported;
    unsigned int error = *(const volatile unsigned int *)&failure->error;
    if (error == CDPL_RT_OK || reported) return;
    reported = 1;
    failed = 1;
    cdpl_report("%s (%u)", runtime_error_text(error), *(const volatile unsigned int *)&failure->detail);
}

/* The host found the runtime's own work broken (it said why): the program
 * must not go on as if its launches had run. CUDA's state is made to say
 * so, as device code's failures do (cdpl_fail): the inject kernel traps in
 * `stream`, so that the launch's stream, the next synchronization and
 * every later call fail as after a crashed kernel, and the exit is a
 * failure. Returns the error that the caller returns. */
static cudaError_t stop_program(cudaStream_t stream)
{
    failed = 1;
    cdpl_root_request request;
    memset(&request, 0, sizeof request);
    request.stop = 1u;
    cdpl_state *no_state = NULL;
    void *args[] = {&no_state, &request};
    if (cudaLaunchKernel(cdpl_scheduler_kernels()->inject, (dim3){1, 1, 1}, (dim3){1, 1, 1}, args, 0, stream) ==
        cudaSuccess)
        (void)cudaStreamSynchronize(stream);
    return cudaErrorLaunchFailure;
}

/* Planned blocks of live launches so far: cdpl_live_queue.planned_begun
 * reaches it when every one of them has begun. */
static unsigned long long live_planned_blocks;

/* The kernels of the current wave's live launches, and where the live
 * queue's pushes stood when the wave began: the next plan tells whether
 * they pushed anything (cdpl_plan.live_pushed). */
static cdpl_kernel *live_kernels[CDPL_GROUP_TABLE_SIZE];
static unsigned int nlive_kernels;
static unsigned long long live_restart;

/* What every plan that the host reads tells it, besides its groups:
 * whether the last wave's live launches pushed anything, and the running
 * figures of the queue. */
static void note_plan(const cdpl_plan *plan)
{
    int pushed = plan->live_pushed != live_restart;
    for (unsigned int k = 0; k < nlive_kernels; ++k) live_kernels[k]->spares_idle = !pushed;
    nlive_kernels = 0;
    live_restart = plan->live_restart;
    totals.peak_records = plan->records_peak;
    totals.records_continued = plan->records_continued;
}

/* CDPL_LIVE_QUEUE=0 runs every record in a wave of its own, as the runtime
 * did before it had spare workers: for comparisons, and to rule them out
 * when a program misbehaves. */
static int live_queue_enabled(void)
{
    static int enabled = -1;
    if (enabled < 0) {
        const char *text = getenv("CDPL_LIVE_QUEUE");
        enabled = text == NULL || strcmp(text, "0") != 0;
    }
    return enabled;
}

/* A kernel that runs its own children gets live launches (below). */
static int runs_live(const cdpl_kernel *kernel)
{
    return (kernel->traits & CDPL_KERNEL_RUNS_ITS_OWN_CHILDREN) != 0 && live_queue_enabled();
}

/* How many blocks of `kernel`'s entry the GPU holds at once, with this block
 * size and dynamic shared memory: the spare workers of a live launch. */
static cudaError_t resident_blocks(cdpl_kernel *kernel, unsigned int threads, size_t shmem,
                                   unsigned long long *blocks)
{
    if (kernel->residency.blocks != 0 && kernel->residency.threads == threads && kernel->residency.shmem == shmem) {
        *blocks = kernel->residency.blocks;
        return cudaSuccess;
    }
    static int multiprocessors;
    cudaError_t error = cudaSuccess;
    if (multiprocessors == 0) {
        int device = 0;
        error = cudaGetDevice(&device);
        if (error == cudaSuccess)
            error = cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device);
    }
    int per_multiprocessor = 0;
    if (error == cudaSuccess)
        error = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_multiprocessor, kernel->entry, (int)threads, shmem);
    if (error != cudaSuccess) return error;
    kernel->residency.threads = threads;
    kernel->residency.shmem = shmem;
    kernel->residency.blocks = (unsigned long long)per_multiprocessor * (unsigned long long)multiprocessors;
    *blocks = kernel->residency.blocks;
    return cudaSuccess;
}

static cdpl_kernel *kernel_with_id(unsigned int id)
{
    return id == CDPL_BUILTIN_KERNEL_ID ? cdpl_builtin_kernel() : cdpl_find_kernel(id);
}

/* What the host reads once about an entry: its dynamic shared memory limit
 * and whether it was compiled for compute 9.0 on (it can wait for the
 * planner: speculative launches). */
static cudaError_t read_entry(cdpl_kernel *kernel)
{
    if (kernel->dynamic_shmem_limit != 0) return cudaSuccess;
    struct cudaFuncAttributes attributes;
    cudaError_t error = cudaFuncGetAttributes(&attributes, kernel->entry);
    if (error != cudaSuccess) return error;
    kernel->dynamic_shmem_limit = (size_t)attributes.maxDynamicSharedSizeBytes;
    kernel->waits_for_planner = attributes.ptxVersion >= 90;
    return cudaSuccess;
}

/* Makes `kernel`'s entry take `shmem` bytes of dynamic shared memory. Its
 * own limit (48 KB less its static shared memory) is raised as far as the
 * largest group so far needs: a later group of the same kernel may need
 * more than an earlier one. */
static cudaError_t prepare_entry(cdpl_kernel *kernel, size_t shmem)
{
    cudaError_t error = read_entry(kernel);
    if (error != cudaSuccess || shmem <= kernel->dynamic_shmem_limit) return error;
    error = cudaFuncSetAttribute(kernel->entry, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)shmem);
    if (error == cudaSuccess) kernel->dynamic_shmem_limit = shmem;
    return error;
}

static cudaError_t launch_dependent(const void *kernel, dim3 grid, dim3 block, size_t shmem, cudaStream_t stream,
                                    void **args);

/* Launches `kernel`'s entry, as a programmatic dependent launch where
 * `dependent`. The host may have set the entry's dynamic shared memory
 * limit under what prepare_entry raised it to since (a host-side
 * cudaFuncSetAttribute on the kernel sets the entry's): where the launch is
 * refused for it (cudaErrorInvalidValue), the limit is read and raised
 * again, once. */
static cudaError_t launch_entry(cdpl_kernel *kernel, dim3 grid, dim3 block, size_t shmem, cudaStream_t stream,
                                void **args, int dependent)
{
    for (int attempt = 0;; ++attempt) {
        cudaError_t error = dependent ? launch_dependent(kernel->entry, grid, block, shmem, stream, args)
                                      : cudaLaunchKernel(kernel->entry, grid, block, args, shmem, stream);
        if (error != cudaErrorInvalidValue || attempt == 1) return error;
        (void)cudaGetLastError();
        kernel->dynamic_shmem_limit = 0;
        error = prepare_entry(kernel, shmem);
        if (error != cudaSuccess) return error;
    }
}

/* Where the per-thread slots begin in an entry's dynamic shared memory,
 * after `shmem` bytes of the user's, and all the entry's dynamic shared
 * memory with them. */
static unsigned int thread_state_offset(unsigned int shmem)
{
    return (shmem + 15u) / 16u * 16u;
}

static size_t entry_shared_memory(unsigned int offset, const unsigned int block[3])
{
    return offset + (size_t)block[0] * block[1] * block[2] * sizeof(cdpl_thread_slot);
}

/* A launch's parameters, before its items and blocks are known: where
 * the runtime's state and record pool are, and where the per-thread slots
 * begin in the entry's dynamic shared memory. */
static cdpl_wave wave_in(const cdpl_device_state *ds, unsigned int thread_state_offset)
{
    cdpl_wave wave;
    memset(&wave, 0, sizeof wave);
    wave.state = ds->device;
    wave.records = ds->mirror.records;
    wave.record_stride = ds->mirror.record_stride;
    wave.thread_state_offset = thread_state_offset;
    wave.magic = CDPL_WAVE_MAGIC;
    return wave;
}

/* The most blocks of one launch (gridDim.x). */
#define MAX_GRID_BLOCKS 0x7fffffffull

cudaError_t cdpl_launch_native(const cdpl_kernel *kernel, dim3 grid, dim3 block, size_t shmem, cudaStream_t stream,
                               const unsigned char *params)
{
    void *few[16];
    void **args = kernel->nparams <= 16 ? few : malloc(sizeof *args * kernel->nparams);
    if (args == NULL) return cudaErrorMemoryAllocation;
    for (unsigned int p = 0; p < kernel->nparams; ++p) args[p] = (void *)(params + kernel->params[p].offset);
    cudaError_t error = cudaLaunchKernel(kernel->entry, grid, block, args, shmem, stream);
    if (args != few) free(args);
    return error;
}

/* A group of a kernel that the host launches natively (a kernel defined in
 * a file that needed no lowering: cdpl_register_foreign_kernel): each
 * record, read back from the device, becomes one launch of the kernel
 * itself, and its number joins the list of grids that end with the wave
 * (`listed` so far this wave), which the next planner completes. One
 * launch and two copies a record: such kernels only come from other files. */
static cudaError_t launch_native_group(cdpl_device_state *ds, const cdpl_group *group, const cdpl_kernel *kernel,
                                       cudaStream_t stream, unsigned int *listed)
{
    size_t record_bytes = CDPL_RECORD_HEADER_SIZE + kernel->params_size;
    cdpl_wave_item *items = malloc(sizeof *items * group->count);
    unsigned int *indices = malloc(sizeof *indices * group->count);
    unsigned char *record = malloc(record_bytes);
    cudaError_t error = items && indices && record ? cudaSuccess : cudaErrorMemoryAllocation;
    if (error == cudaSuccess)
        error = cudaMemcpy(items, ds->mirror.wave_items + group->first_item, sizeof *items * group->count,
                           cudaMemcpyDeviceToHost);
    for (unsigned int i = 0; error == cudaSuccess && i < group->count; ++i) {
        indices[i] = items[i].record;
        error = cudaMemcpy(record, ds->mirror.records + (size_t)items[i].record * ds->mirror.record_stride,
                           record_bytes, cudaMemcpyDeviceToHost);
        const cdpl_record *r = (const cdpl_record *)record;
        if (error == cudaSuccess)
            error = cdpl_launch_native(kernel, (dim3){r->grid[0], r->grid[1], r->grid[2]},
                                       (dim3){r->block[0], r->block[1], r->block[2]}, r->shmem, stream,
                                       record + CDPL_RECORD_HEADER_SIZE);
        ++totals.physical_launches;
    }
    if (error == cudaSuccess)
        error = cudaMemcpyAsync(ds->mirror.native_end + *listed, indices, sizeof *indices * group->count,
                                cudaMemcpyHostToDevice, stream);
    *listed += group->count;
    if (error == cudaSuccess)
        error = cudaMemcpyAsync((unsigned char *)ds->device + offsetof(cdpl_state, nnative_end), listed,
                                sizeof *listed, cudaMemcpyHostToDevice, stream);
    /* Pageable copies are staged before they return: the buffers may go. */
    free(items);
    free(indices);
    free(record);
    return error;
}

/* Launches one group: records of one kernel and block shape, as one grid
 * (or several, past the hardware's grid limit). A kernel that runs its own
 * children gets a live launch: as many blocks as the GPU holds at once, the
 * planned ones first, and the blocks share the records they make ready. */
static cudaError_t launch_group(cdpl_device_state *ds, const cdpl_group *group, cudaStream_t stream,
                                unsigned int *native_listed)
{
    cdpl_kernel *kernel = kernel_with_id(group->kernel_id);
    if (kernel == NULL) {
        cdpl_report("a record names kernel id 0x%08x, which no lowered file registered", group->kernel_id);
        return stop_program(stream);
    }
    if (kernel->native) return launch_native_group(ds, group, kernel, stream, native_listed);
    unsigned int threads = group->block[0] * group->block[1] * group->block[2];
    unsigned int offset = thread_state_offset(group->shmem);
    size_t shmem = entry_shared_memory(offset, group->block);
    cudaError_t prepared = prepare_entry(kernel, shmem);
    if (prepared != cudaSuccess) return prepared;
    cdpl_wave wave = wave_in(ds, offset);
    wave.items = ds->mirror.wave_items + group->first_item;
    wave.count = group->count;
    wave.live = runs_live(kernel);
    /* A group of one launch, whose blocks fit 32 bits, may find its
     * records by arithmetic (cdpl_begin_planned_block). */
    wave.uniform_blocks = group->blocks <= MAX_GRID_BLOCKS ? group->uniform_blocks : 0u;
    unsigned long long workers = 0;
    if (wave.live) {
        if (nlive_kernels < CDPL_GROUP_TABLE_SIZE) live_kernels[nlive_kernels++] = kernel;
        cudaError_t error = kernel->spares_idle ? cudaSuccess : resident_blocks(kernel, threads, shmem, &workers);
        if (error != cudaSuccess) return error;
    }
    void *args[] = {&wave};
    dim3 block = {group->block[0], group->block[1], group->block[2]};
    for (unsigned long long base = 0; base < group->blocks; base += MAX_GRID_BLOCKS) {
        unsigned long long left = group->blocks - base;
        wave.planned_blocks = left < MAX_GRID_BLOCKS ? left : MAX_GRID_BLOCKS;
        unsigned long long launched = wave.planned_blocks > workers ? wave.planned_blocks : workers;
        dim3 grid = {(unsigned int)launched, 1, 1};
        wave.block_base = base;
        if (wave.live) {
            live_planned_blocks += wave.planned_blocks;
            wave.planned_goal = live_planned_blocks;
        }
        cudaError_t error = launch_entry(kernel, grid, block, shmem, stream, args, 0);
        if (error != cudaSuccess) return error;
        ++totals.physical_launches;
    }
    return cudaSuccess;
}

/* What the wave being launched holds: what CDPL_TRACE_WAVES reports, and
 * how many of its records may be grids of several blocks, which the device
 * lists for completion at the wave's end (cdpl_complete_kernel). */
typedef struct wave_tally {
    unsigned int groups, records;
    unsigned long long blocks;
    unsigned long long may_end_with_wave;
    unsigned int speculated; /* groups run by speculative launches */
    unsigned int native;     /* records the host launched natively (launch_native_group) */
} wave_tally;

static void tally_group(const cdpl_group *group, wave_tally *tally)
{
    totals.records += group->count;
    tally->groups += 1;
    tally->records += group->count;
    tally->blocks += group->blocks;
    const cdpl_kernel *kernel = kernel_with_id(group->kernel_id);
    if (group->blocks > group->count || (kernel != NULL && kernel->native)) tally->may_end_with_wave += group->count;
}

static cudaError_t launch_wave_group(cdpl_device_state *ds, const cdpl_group *group, cudaStream_t stream,
                                     wave_tally *tally)
{
    tally_group(group, tally);
    return launch_group(ds, group, stream, &tally->native);
}

/* A completer launch: a thread a grid that the wave may have ended, and
 * past that many blocks, threads that complete several. */
#define COMPLETER_THREADS 256u
#define COMPLETER_MAX_BLOCKS 1024u

/* Completes the grids that the wave ended, over many blocks, when they may
 * be more than the planner has threads; otherwise the planner completes
 * them itself (cdpl_plan_kernel). `*completed` tells the planner whether
 * this ran. */
static cudaError_t complete_wave_end(cdpl_device_state *ds, const wave_tally *tally, cudaStream_t stream,
                                     unsigned int *completed)
{
    *completed = tally->may_end_with_wave > CDPL_PLAN_THREADS;
    if (!*completed) return cudaSuccess;
    unsigned long long blocks = (tally->may_end_with_wave + COMPLETER_THREADS - 1) / COMPLETER_THREADS;
    dim3 grid = {(unsigned int)(blocks < COMPLETER_MAX_BLOCKS ? blocks : COMPLETER_MAX_BLOCKS), 1, 1};
    void *args[] = {&ds->device};
    return cudaLaunchKernel(cdpl_scheduler_kernels()->complete, grid, (dim3){COMPLETER_THREADS, 1, 1}, args, 0,
                            stream);
}

/* Whether the planner launched with `publish`, which has ended, wrote its
 * plan; then what it wrote before is visible. */
static cudaError_t check_published(const cdpl_device_state *ds, unsigned long long publish, cudaStream_t stream)
{
    if (*(const volatile unsigned long long *)&ds->plan->published != publish) {
        cdpl_report("the planner ended without publishing its plan");
        return stop_program(stream);
    }
    atomic_thread_fence(memory_order_acquire);
    return cudaSuccess;
}

/* Waits until the planner launched with `publish` has written its plan. It
 * waits for the plan's last write, not for the launch to end: the host
 * sees the plan a little earlier (CDPL_TRACE_WAVES; docs/benchmarks.md),
 * and the next wave's launches follow the planner in the stream anyway.
 * Every so often it asks the stream: a fault of the wave or of the
 * planner shows there, and a stream that is done while the plan is
 * missing means the planner never wrote it. */
static cudaError_t wait_for_plan(cdpl_device_state *ds, cudaStream_t stream, unsigned long long publish)
{
    const volatile unsigned long long *published = &ds->plan->published;
    for (unsigned long long spins = 1; *published != publish; ++spins) {
        if (spins % 256u != 0) continue;
        cudaError_t error = cudaStreamQuery(stream);
        if (error == cudaErrorNotReady) continue;
        if (error != cudaSuccess) return error;
        break;
    }
    return check_published(ds, publish, stream);
}

/* Whether the planner waits for what precedes it in the stream
 * (cdpl_plan_kernel), so that it, and what follows it, may begin early. Only
 * a planner compiled for compute capability 9.0 or later waits: one
 * JIT-compiled from older PTX runs on such a GPU too. A planner whose code
 * the GPU runs was compiled for 9.0 or later only on such a GPU, so its
 * PTX version alone decides. */
static int planner_waits(void)
{
    static int waits = -1;
#ifdef CDPL_GPU_HIP
    waits = 0;
#else
    if (waits < 0) {
        struct cudaFuncAttributes planner;
        waits = cudaFuncGetAttributes(&planner, cdpl_scheduler_kernels()->plan) == cudaSuccess &&
                planner.ptxVersion >= 90;
    }
#endif
    return waits;
}

/* A programmatic dependent launch: it may begin before the kernel before it
 * in the stream ends, and waits for it itself (griddepcontrol.wait). */
static cudaError_t launch_dependent(const void *kernel, dim3 grid, dim3 block, size_t shmem, cudaStream_t stream,
                                    void **args)
{
#ifdef CDPL_GPU_HIP
    return cudaLaunchKernel(kernel, grid, block, args, shmem, stream);
#else
    cudaLaunchAttribute attribute;
    memset(&attribute, 0, sizeof attribute);
    attribute.id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attribute.val.programmaticStreamSerializationAllowed = 1;
    cudaLaunchConfig_t config;
    memset(&config, 0, sizeof config);
    config.gridDim = grid;
    config.blockDim = block;
    config.dynamicSmemBytes = shmem;
    config.stream = stream;
    config.attrs = &attribute;
    config.numAttrs = 1;
    return cudaLaunchKernelExC(&config, kernel, args);
#endif
}

/* Launches the planner. Where it waits (planner_waits), it may begin while
 * the wave's last blocks still run: the gap between the wave's end and the
 * planner's start was 2.3-3.6 us of every hand-off (H100,
 * docs/benchmarks.md). Not where the wave is not the launch before it in
 * `stream` (`after_wave` 0). */
static cudaError_t launch_planner(cudaStream_t stream, int after_wave, void **args)
{
    const void *plan = cdpl_scheduler_kernels()->plan;
    dim3 grid = {1, 1, 1}, block = {CDPL_PLAN_THREADS, 1, 1};
    if (after_wave && planner_waits()) return launch_dependent(plan, grid, block, 0, stream, args);
    return cudaLaunchKernel(plan, grid, block, args, 0, stream);
}

/* Speculative launches. After the planner, a hand-off was the host's wait
 * for the plan and its launch of each group: the launch call alone took
 * 4.3-43 us of few_large's (docs/benchmarks.md). A host launch whose waves
 * are those of the last host launch of the same kernel, shape and
 * arguments (a program's timed run after its warm-up, the steps of an
 * iterative solver) can have them launched before the plan: right after
 * the planner, as programmatic dependent launches, which begin when it ends
 * and wait for it (cdpl_enter_block). Each is one that the same wave had
 * last time; the planner hands a group to the launch that fits it (same
 * kernel and block shape, enough blocks and shared memory), a launch that
 * no group fits runs nothing, and a group that no launch fits is launched
 * once the plan is read, as without speculation. Kernels that run their own children are
 * not speculated: their live launches' blocks depend on the plan.
 * CDPL_SPECULATE=0 turns it off. */
#define HISTORY_SIZE 256u

/* The groups that wave `wave` (1: the one after the root's) of the last
 * host launch with signature `root` (launch_signature) had, those a
 * speculative launch can run. */
typedef struct wave_history {
    unsigned long long root;
    unsigned int wave;
    unsigned int ngroups;
    cdpl_group groups[CDPL_SPEC_GROUPS];
} wave_history;

static wave_history history[HISTORY_SIZE];

static wave_history *history_of(unsigned long long root, unsigned int wave)
{
    return &history[((root ^ (root >> 32)) + wave * 40503ull) % HISTORY_SIZE];
}

/* A host launch's kernel, shape and packed arguments, hashed (FNV-1a). */
static unsigned long long launch_signature(const cdpl_root_request *request, const void *params)
{
    unsigned long long hash = 0xcbf29ce484222325ull;
    const unsigned char *bytes = (const unsigned char *)request;
    size_t shape = offsetof(cdpl_root_request, params_size);
    for (size_t i = 0; i < shape; ++i) hash = (hash ^ bytes[i]) * 0x100000001b3ull;
    bytes = params;
    for (size_t i = 0; i < request->params_size; ++i) hash = (hash ^ bytes[i]) * 0x100000001b3ull;
    return hash;
}

static int speculation_enabled(void)
{
    static int enabled = -1;
    if (enabled < 0) {
        const char *text = getenv("CDPL_SPECULATE");
        enabled = (text == NULL || strcmp(text, "0") != 0) && planner_waits();
    }
    return enabled;
}

/* Whether a launch made before the plan can run `group`: the entry of a
 * kernel that runs its own children has no code for it
 * (cdpl_enter_block), even where CDPL_LIVE_QUEUE=0 keeps it from live
 * launches. */
static int speculable(const cdpl_group *group)
{
    cdpl_kernel *kernel = kernel_with_id(group->kernel_id);
    if (kernel == NULL || kernel->native || (kernel->traits & CDPL_KERNEL_RUNS_ITS_OWN_CHILDREN) != 0 ||
        group->blocks > MAX_GRID_BLOCKS)
        return 0;
    if (read_entry(kernel) != cudaSuccess) {
        cudaGetLastError(); /* the group's own launch reports it */
        return 0;
    }
    return kernel->waits_for_planner;
}

static void remember_group(wave_history *seen, const cdpl_group *group)
{
    if (seen->ngroups < CDPL_SPEC_GROUPS && speculable(group)) seen->groups[seen->ngroups++] = *group;
}

/* What a planner is told when no launch follows it. */
static void speculate_nothing(cdpl_device_state *ds, cdpl_speculation *speculation)
{
    memset(speculation, 0, sizeof *speculation);
    speculation->slots = ds->spec_slots;
}

/* What the planner of wave `wave` is told: the launches that will follow
 * it, those of the same wave last time. */
static void speculate(cdpl_device_state *ds, unsigned long long root, unsigned int wave,
                      cdpl_speculation *speculation)
{
    speculate_nothing(ds, speculation);
    const wave_history *last = history_of(root, wave);
    if (!speculation_enabled() || last->root != root || last->wave != wave) return;
    for (unsigned int i = 0; i < last->ngroups; ++i) {
        const cdpl_group *group = &last->groups[i];
        memcpy(speculation->launches[i].block, group->block, sizeof group->block);
        speculation->launches[i].kernel_id = group->kernel_id;
        speculation->launches[i].shmem_capacity = thread_state_offset(group->shmem);
        speculation->launches[i].blocks = group->blocks;
    }
    speculation->count = last->ngroups;
}

/* Whether one of the launches that `speculate` told the planner of runs
 * group `g` of its plan. */
static int speculated(const cdpl_plan *plan, const cdpl_speculation *speculation, unsigned int g)
{
    for (unsigned int l = 0; l < speculation->count; ++l)
        if (plan->speculated[l] == g) return 1;
    return 0;
}

/* Makes the launches that `speculate` told the planner of. */
static cudaError_t launch_speculation(cdpl_device_state *ds, const cdpl_speculation *speculation,
                                      cudaStream_t stream)
{
    for (unsigned int i = 0; i < speculation->count; ++i) {
        cdpl_kernel *kernel = kernel_with_id(speculation->launches[i].kernel_id);
        const unsigned int *shape = speculation->launches[i].block;
        unsigned int offset = speculation->launches[i].shmem_capacity;
        size_t shmem = entry_shared_memory(offset, shape);
        cudaError_t error = prepare_entry(kernel, shmem);
        if (error != cudaSuccess) return error;
        cdpl_wave wave = wave_in(ds, offset);
        wave.items = ds->mirror.wave_items;
        wave.speculative = ds->spec_slots + i;
        void *args[] = {&wave};
        dim3 grid = {(unsigned int)speculation->launches[i].blocks, 1, 1};
        dim3 block = {shape[0], shape[1], shape[2]};
        error = launch_entry(kernel, grid, block, shmem, stream, args, 1);
        if (error != cudaSuccess) return error;
        ++totals.physical_launches;
    }
    return cudaSuccess;
}

/* What the end of a launch tree must show: every host launch done. */
static cudaError_t check_tree_complete(const cdpl_plan *plan, unsigned long long roots_expected,
                                       cudaStream_t stream)
{
    if (plan->roots_done != roots_expected) {
        cdpl_report("the launch tree stopped before completing (%llu of %llu host launches done): "
                     "a dependency was never released", plan->roots_done, roots_expected);
        return stop_program(stream);
    }
    return cudaSuccess;
}

/* Whether `group`'s kernel makes no record (CDPL_KERNEL_LAUNCHES_NOTHING).
 * The built-in entry's records (copies, sets, event markers) make none. */
static int launches_nothing(const cdpl_group *group)
{
    if (group->kernel_id == CDPL_BUILTIN_KERNEL_ID) return 1;
    const cdpl_kernel *kernel = cdpl_find_kernel(group->kernel_id);
    return kernel != NULL && (kernel->traits & CDPL_KERNEL_LAUNCHES_NOTHING) != 0;
}

/* A launch tree's last wave, when the host launch returned once it had
 * launched it (run_waves): the plan after it is read, and the tree's end
 * checked, by the next call that needs the runtime settled
 * (cdpl_settle_launches). That plan is made in the runtime's own stream,
 * after the wave (an event of the user's stream), so that the user's
 * stream goes on as soon as the wave ends: the planner only completes the
 * wave's grids, which nothing but the next host launch needs. */
static struct {
    cdpl_device_state *ds; /* NULL: none is pending */
    unsigned long long publish;
    unsigned long long roots_expected;
    cudaStream_t planning;    /* the runtime's own stream (non-blocking) */
    cudaEvent_t wave_ended;   /* recorded in the user's stream after the wave */
    cudaEvent_t planned;      /* recorded in `planning` after the planner */
} last_wave;

/* The stream to plan in after the last wave, which was just launched into
 * `stream`. */
static cudaError_t plan_apart(cudaStream_t stream, cudaStream_t *planning)
{
    cudaError_t error = cudaSuccess;
    if (last_wave.planning == NULL) error = cudaStreamCreateWithFlags(&last_wave.planning, cudaStreamNonBlocking);
    if (error == cudaSuccess && last_wave.wave_ended == NULL)
        error = cudaEventCreateWithFlags(&last_wave.wave_ended, cudaEventDisableTiming);
    if (error == cudaSuccess && last_wave.planned == NULL)
        error = cudaEventCreateWithFlags(&last_wave.planned, cudaEventDisableTiming);
    if (error == cudaSuccess) error = cudaEventRecord(last_wave.wave_ended, stream);
    if (error == cudaSuccess) error = cudaStreamWaitEvent(last_wave.planning, last_wave.wave_ended, 0);
    *planning = last_wave.planning;
    return error;
}

static cudaError_t leave_last_wave(cdpl_device_state *ds, unsigned long long publish,
                                   unsigned long long roots_expected)
{
    cudaError_t error = cudaEventRecord(last_wave.planned, last_wave.planning);
    if (error != cudaSuccess) return error;
    last_wave.ds = ds;
    last_wave.publish = publish;
    last_wave.roots_expected = roots_expected;
    return cudaSuccess;
}

/* Runs waves until no record is ready: the first is the root's group, made
 * by the inject kernel (NULL: none, the inject kernel failed); each later
 * one is planned from the records the last one made ready. A wave that
 * ends the tree, known when it is launched (all its kernels launch
 * nothing, and no launch is left pending), is the last one launched: the
 * planner after it completes its grids apart (plan_apart), and the host
 * returns without waiting for it, as from a native launch. Waiting for
 * that plan put a planner and the host's round trip at the end of every
 * such launch: few_large's time outside its grids was 36-39 us with the
 * planner in the user's stream, 17-35 apart (native 15-28; H100,
 * docs/benchmarks.md). */
static cudaError_t run_waves(cdpl_device_state *ds, cudaStream_t stream, unsigned long long signature,
                             const cdpl_group *root, unsigned long long roots_expected)
{
    unsigned int completed = 0;
    static unsigned long long publish;
    cdpl_speculation speculation;
    void *plan_args[] = {&ds->device, &completed, &publish, &speculation};
    if (trace_waves < 0) trace_waves = getenv("CDPL_TRACE_WAVES") != NULL;
    double wave_start = trace_waves ? seconds_now() : 0.0;
    wave_tally tally = {0, 0, 0, 0, 0, 0};
    cudaError_t error = cudaSuccess;
    /* A host launch finds no launch pending (the last one ran its tree to
     * the end). */
    int ends_tree = 0;
    if (root != NULL) {
        ++totals.waves;
        error = launch_wave_group(ds, root, stream, &tally);
        if (error != cudaSuccess) return error;
        ends_tree = launches_nothing(root);
    }
    for (unsigned int wave = 1;; ++wave) {
        ++publish;
        cudaStream_t planning = stream;
        if (ends_tree) error = plan_apart(stream, &planning);
        if (error == cudaSuccess) error = complete_wave_end(ds, &tally, planning, &completed);
        if (error == cudaSuccess) {
            if (ends_tree)
                speculate_nothing(ds, &speculation);
            else
                speculate(ds, signature, wave, &speculation);
            error = launch_planner(planning, !ends_tree, plan_args);
        }
        if (error == cudaSuccess && ends_tree) {
            error = leave_last_wave(ds, publish, roots_expected);
            if (error == cudaSuccess) {
                if (trace_waves)
                    fprintf(stderr, "cdpl wave %llu: %u groups (%u speculated), %u records, %llu blocks, the "
                                    "last: not waited for\n",
                            totals.waves, tally.groups, tally.speculated, tally.records, tally.blocks);
                return cudaSuccess;
            }
        }
        if (error == cudaSuccess) error = launch_speculation(ds, &speculation, stream);
        if (error == cudaSuccess) error = wait_for_plan(ds, stream, publish);
        if (error != cudaSuccess) {
            cdpl_report_failure(ds->failure);
            return error;
        }
        if (trace_waves) {
            double now = seconds_now();
            fprintf(stderr,
                    "cdpl wave %llu: %u groups (%u speculated), %u records, %llu blocks, %.1f us (with "
                    "planning)\n",
                    totals.waves, tally.groups, tally.speculated, tally.records, tally.blocks,
                    (now - wave_start) * 1e6);
            wave_start = now;
        }
        tally = (wave_tally){0, 0, 0, 0, 0, 0};
        note_plan(ds->plan);
        unsigned int ngroups = ds->plan->ngroups;
        wave_history seen = {signature, wave, 0, {{0}}};
        ends_tree = ds->plan->pending_left == 0;
        for (unsigned int g = 0; g < ngroups; ++g) {
            cdpl_group group;
            if (g < CDPL_PLAN_INLINE_GROUPS) {
                group = ds->plan->groups[g];
            } else {
                error = cudaMemcpy(&group, ds->mirror.groups + g, sizeof group, cudaMemcpyDeviceToHost);
                if (error != cudaSuccess) return error;
            }
            if (speculation_enabled()) remember_group(&seen, &group);
            ends_tree = ends_tree && launches_nothing(&group);
            if (speculated(ds->plan, &speculation, g)) {
                tally_group(&group, &tally);
                tally.speculated += 1;
            } else {
                error = launch_wave_group(ds, &group, stream, &tally);
                if (error != cudaSuccess) return error;
            }
        }
        if (speculation_enabled()) *history_of(signature, wave) = seen;
        if (ngroups == 0) break;
        ++totals.waves;
    }
    return check_tree_complete(ds->plan, roots_expected, stream);
}

/* Reads the plan after a host launch's last wave (run_waves), which the
 * host did not wait for: it must have found nothing more to run, and every
 * host launch done. Nothing to read where the context that ran it is gone
 * (`now`, context_epoch.c): its plan went with it. */
static cudaError_t settle_last_wave(unsigned long long now)
{
    cdpl_device_state *ds = last_wave.ds;
    if (ds == NULL) return cudaSuccess;
    if (!cdpl_same_context(ds->context, now)) {
        cdpl_forget_launches();
        return cudaSuccess;
    }
    last_wave.ds = NULL;
    cudaError_t error = cudaEventSynchronize(last_wave.planned);
    if (error == cudaSuccess) error = check_published(ds, last_wave.publish, last_wave.planning);
    if (error == cudaSuccess) {
        note_plan(ds->plan);
        if (ds->plan->ngroups != 0) {
            cdpl_report("a wave of kernels registered as launching nothing made %u groups ready: lower every "
                        "file again with this version of cdp-lower", ds->plan->ngroups);
            error = stop_program(last_wave.planning);
        } else {
            error = check_tree_complete(ds->plan, last_wave.roots_expected, last_wave.planning);
        }
    }
    if (error != cudaSuccess) cdpl_report_failure(ds->failure);
    return error;
}

cudaError_t cdpl_settle_launches(void)
{
    pthread_mutex_lock(&drain_lock);
    cudaError_t error = settle_last_wave(cdpl_current_context());
    pthread_mutex_unlock(&drain_lock);
    return error;
}

/* Host launches so far; the plan's roots_done counts those done. */
static unsigned long long roots_injected;

void cdpl_forget_launches(void)
{
    memset(&last_wave, 0, sizeof last_wave);
    live_planned_blocks = 0;
    nlive_kernels = 0;
    live_restart = 0;
    roots_injected = 0;
}

void cdpl_end_launches(void)
{
    pthread_mutex_lock(&drain_lock);
    /* At exit the context is not made again: where none is current, the
     * last tree's end is not read and its stream and events stay. */
    unsigned long long now = cdpl_current_context();
    (void)settle_last_wave(now);
    if (now != CDPL_NO_CONTEXT) {
        if (last_wave.planned != NULL) cudaEventDestroy(last_wave.planned);
        if (last_wave.wave_ended != NULL) cudaEventDestroy(last_wave.wave_ended);
        if (last_wave.planning != NULL) cudaStreamDestroy(last_wave.planning);
    }
    last_wave.planned = last_wave.wave_ended = NULL;
    last_wave.planning = NULL;
    pthread_mutex_unlock(&drain_lock);
}

/* The first wave of a host launch: the group of its root alone, whose only
 * item the inject kernel writes. */
static cdpl_group root_group(const cdpl_root_request *request)
{
    cdpl_group group;
    memset(&group, 0, sizeof group);
    group.kernel_id = request->kernel_id;
    memcpy(group.block, request->block, sizeof group.block);
    group.shmem = request->shmem;
    group.count = 1;
    group.blocks = (unsigned long long)request->grid[0] * request->grid[1] * request->grid[2];
    group.uniform_blocks = group.blocks <= 0xffffffffull ? (unsigned int)group.blocks : 0u;
    return group;
}

cudaError_t cdpl_host_launch(unsigned int id, dim3 grid, dim3 block, size_t shmem, cudaStream_t stream,
                             const void *params, size_t params_size)
{
    const cdpl_kernel *kernel = cdpl_find_kernel(id);
    if (kernel == NULL) {
        /* As CUDA answers a launch of an unknown function. */
        cdpl_report("no lowered file registered kernel id 0x%08x", id);
        return cudaErrorInvalidDeviceFunction;
    }
    /* A kernel of another file that needed no lowering is itself. */
    if (kernel->native) return cdpl_launch_native(kernel, grid, block, shmem, stream, params);
    if (!cdpl_shape_is_valid(grid.x, grid.y, grid.z, block.x, block.y, block.z)) {
        /* Let CUDA reject it, so its last error says what native code says. */
        cdpl_wave none;
        memset(&none, 0, sizeof none);
        void *args[] = {&none};
        return cudaLaunchKernel(kernel->entry, grid, block, args, shmem, stream);
    }
    pthread_mutex_lock(&drain_lock);
    /* The last tree's end is checked first, before the settings that its
     * kernels may read change, and its error is this call's: as natively,
     * the next call tells of an asynchronous failure. */
    cdpl_device_state *ds = NULL;
    cudaError_t error = settle_last_wave(cdpl_context_for_launch());
    if (error == cudaSuccess) error = cdpl_device_state_get(&ds);
    cdpl_root_request request;
    memset(&request, 0, sizeof request);
    request.kernel_id = id;
    request.grid[0] = grid.x;
    request.grid[1] = grid.y;
    request.grid[2] = grid.z;
    request.block[0] = block.x;
    request.block[1] = block.y;
    request.block[2] = block.z;
    request.shmem = (unsigned int)shmem;
    request.params_size = (unsigned int)params_size;
    if (params_size <= sizeof request.inline_params) {
        memcpy(request.inline_params, params, params_size);
    } else if (error == cudaSuccess) {
        error = cudaMemcpyAsync(ds->staging, params, params_size, cudaMemcpyHostToDevice, stream);
        request.params = ds->staging;
    }
    if (error == cudaSuccess) {
        void *args[] = {&ds->device, &request};
        error = cudaLaunchKernel(cdpl_scheduler_kernels()->inject, (dim3){1, 1, 1}, (dim3){1, 1, 1}, args, 0,
                                 stream);
    }
    if (error == cudaSuccess) {
        ++roots_injected;
        ++totals.host_launches;
        cdpl_group root = root_group(&request);
        /* The inject kernel refuses a grid that the scheduler cannot count:
         * the first plan's synchronisation reports it. */
        error = run_waves(ds, stream, launch_signature(&request, params),
                          root.blocks <= CDPL_GROUP_BLOCK_MASK ? &root : NULL, roots_injected);
    }
    pthread_mutex_unlock(&drain_lock);
    return error;
}

cudaError_t cdpl_cudaLaunchKernel(const void *function, dim3 grid, dim3 block, void **args, size_t shmem,
                                  cudaStream_t stream)
{
    const cdpl_kernel *kernel = cdpl_find_kernel_by_address(function);
    if (kernel == NULL || kernel->native || kernel->params == NULL)
        return cudaLaunchKernel(kernel != NULL ? kernel->entry : function, grid, block, args, shmem, stream);
    unsigned char *params = calloc(1, kernel->params_size);
    if (params == NULL) return cudaErrorMemoryAllocation;
    for (unsigned int p = 0; p < kernel->nparams; ++p)
        memcpy(params + kernel->params[p].offset, args[p], kernel->params[p].size);
    cudaError_t error = cdpl_host_launch(kernel->id, grid, block, shmem, stream, params, kernel->params_size);
    free(params);
    return error;
}

void cdpl_get_stats(cdpl_stats *stats)
{
    (void)cdpl_settle_launches();
    *stats = totals;
    cdpl_get_stats_memory(stats);
}
