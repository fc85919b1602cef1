/* The scheduler's state in device memory: the record pool and its free ring,
 * named streams, the group table and the plan. Made on the first host launch,
 * sized from cudaLimitDevRuntimePendingLaunchCount as native CDP2 sizes its
 * launch pool. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

#define CDPL_ERROR_CODES 1000u
/* Records live until their grid's whole subtree is complete, so a tree holds
 * far more of them than launches are pending at once. */
#define CDPL_MIN_RECORD_POOL 65536u

static cdpl_device_state state;
static int made;
/* Every device allocation, freed at exit. */
static void *allocations[32];
static size_t nallocations;

void cdpl_report(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fputs("cdp-lower runtime: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
}

static unsigned int limit_from_environment(const char *name, unsigned int fallback)
{
    const char *text = getenv(name);
    if (text == NULL || *text == '\0') return fallback;
    char *end;
    unsigned long value = strtoul(text, &end, 10);
    if (*end != '\0' || value == 0 || value > CDPL_MAX_CAPACITY) {
        cdpl_report("ignoring %s=%s: expected a number from 1 to %u", name, text, CDPL_MAX_CAPACITY);
        return fallback;
    }
    return (unsigned int)value;
}

/* The program's pending-launch limit: the host's, or CDPL_PENDING_LIMIT.
 * *kept_default: neither changed CUDA's default. */
static unsigned int pending_launch_limit(int *kept_default)
{
    size_t limit = 0;
    if (cudaDeviceGetLimit(&limit, cudaLimitDevRuntimePendingLaunchCount) != cudaSuccess || limit == 0) {
        cudaGetLastError(); /* not an error of the user's program */
        limit = CDPL_DEFAULT_PENDING_LIMIT;
    }
    if (limit > CDPL_MAX_CAPACITY) limit = CDPL_MAX_CAPACITY;
    /* 0 is no limit the environment can set: it stands for none set. */
    const unsigned int chosen = limit_from_environment("CDPL_PENDING_LIMIT", 0u);
    *kept_default = chosen == 0u && limit == CDPL_DEFAULT_PENDING_LIMIT;
    return chosen != 0u ? chosen : (unsigned int)limit;
}

static unsigned int default_record_pool(unsigned int pending_limit)
{
    unsigned long long pool = (unsigned long long)pending_limit * 64u;
    if (pool < CDPL_MIN_RECORD_POOL) pool = CDPL_MIN_RECORD_POOL;
    if (pool > CDPL_MAX_CAPACITY) pool = CDPL_MAX_CAPACITY;
    return (unsigned int)pool;
}

/* The pending-launch limit the runtime enforces. A program that set one
 * (cudaDeviceSetLimit, or CDPL_PENDING_LIMIT) gets it. One that kept CUDA's
 * default of 2048 counts on grids starting as soon as the GPU has room,
 * which natively keeps far fewer launches pending than lowered, where a
 * launch stays pending until its wave ends: a Mariani-Silver Mandelbrot
 * that never reached the default natively had 168 launches fail lowered.
 * It gets the record pool instead, which bounds every launch anyway. */
static unsigned int enforced_pending_limit(unsigned int program_limit, int kept_default, unsigned int record_pool)
{
    return kept_default ? record_pool : program_limit;
}

static cudaError_t device_alloc(void **pointer, size_t bytes)
{
    cudaError_t error = cudaMalloc(pointer, bytes);
    if (error == cudaSuccess) {
        if (nallocations < sizeof allocations / sizeof *allocations) allocations[nallocations++] = *pointer;
        state.device_bytes += bytes;
        error = cudaMemset(*pointer, 0, bytes);
    }
    return error;
}

/* The smallest power of two, as a shift, that is at least `count`. */
static unsigned int bits_for(unsigned long long count)
{
    unsigned int bits = 0;
    while ((1ull << bits) < count) ++bits;
    return bits;
}

/* A ring holding every index below `capacity`: the first `capacity` cells
 * hold them as turn-0 values, the rest (up to a power of two) are empty. */
static cudaError_t make_full_ring(cdpl_ring *ring, unsigned int capacity)
{
    unsigned long long *cells = malloc(sizeof *cells * capacity);
    if (cells == NULL) return cudaErrorMemoryAllocation;
    for (unsigned int i = 0; i < capacity; ++i) cells[i] = (1ull << 32) | i;
    ring->cell_bits = bits_for(capacity);
    cudaError_t error = device_alloc((void **)&ring->cells, sizeof *cells << ring->cell_bits);
    if (error == cudaSuccess)
        error = cudaMemcpy(ring->cells, cells, sizeof *cells * capacity, cudaMemcpyHostToDevice);
    free(cells);
    ring->capacity = capacity;
    ring->available = (int)capacity;
    ring->fewest_available = (int)capacity;
    ring->head = 0;
    ring->tail = capacity;
    return error;
}

typedef const char *(*error_text_of)(cudaError_t);

/* One table of CUDA's texts (strings or names) for codes below
 * CDPL_ERROR_CODES, copied to the device; unknown codes get NULL. */
static cudaError_t upload_error_table(error_text_of text_of, const char *const **device_table_out)
{
    const char *unknown = text_of((cudaError_t)-1);
    size_t bytes = 0;
    for (unsigned int code = 0; code < CDPL_ERROR_CODES; ++code) bytes += strlen(text_of((cudaError_t)code)) + 1;
    char *text = malloc(bytes);
    const char **table = malloc(sizeof *table * CDPL_ERROR_CODES);
    char *device_text = NULL;
    const char **device_table = NULL;
    cudaError_t error = (text && table) ? device_alloc((void **)&device_text, bytes) : cudaErrorMemoryAllocation;
    size_t offset = 0;
    for (unsigned int code = 0; error == cudaSuccess && code < CDPL_ERROR_CODES; ++code) {
        const char *message = text_of((cudaError_t)code);
        size_t length = strlen(message) + 1;
        memcpy(text + offset, message, length);
        table[code] = strcmp(message, unknown) == 0 && code != 0 ? NULL : device_text + offset;
        offset += length;
    }
    if (error == cudaSuccess) error = cudaMemcpy(device_text, text, bytes, cudaMemcpyHostToDevice);
    if (error == cudaSuccess) error = device_alloc((void **)&device_table, sizeof *table * CDPL_ERROR_CODES);
    if (error == cudaSuccess)
        error = cudaMemcpy(device_table, table, sizeof *table * CDPL_ERROR_CODES, cudaMemcpyHostToDevice);
    free(text);
    free(table);
    *device_table_out = device_table;
    return error;
}

/* CUDA's own error strings and names, so device code prints what native code prints. */
static cudaError_t upload_error_strings(cdpl_state *mirror)
{
    mirror->nerror_strings = CDPL_ERROR_CODES;
    cudaError_t error = upload_error_table(cudaGetErrorString, &mirror->error_strings);
    if (error == cudaSuccess) error = upload_error_table(cudaGetErrorName, &mirror->error_names);
    return error;
}

/* What device code may ask about the device; the device runtime's own
 * queries need -rdc. */
static cudaError_t read_device_facts(cdpl_state *mirror)
{
    cudaError_t error = cudaGetDevice(&mirror->device);
    if (error == cudaSuccess) error = cudaGetDeviceCount(&mirror->device_count);
    if (error == cudaSuccess) error = cudaRuntimeGetVersion(&mirror->runtime_version);
    if (error != cudaSuccess) return error;
    int attributes[CDPL_DEVICE_ATTRIBUTES];
    /* Only the attributes this CUDA defines (1 to cudaDevAttrMax - 1): asking
     * for others fails, which compute-sanitizer reports as an API error. */
    attributes[0] = CDPL_NO_ATTRIBUTE;
    for (int a = 1; a < CDPL_DEVICE_ATTRIBUTES; ++a) {
        if (a >= (int)cudaDevAttrMax) {
            attributes[a] = CDPL_NO_ATTRIBUTE;
        } else if (cudaDeviceGetAttribute(&attributes[a], (enum cudaDeviceAttr)a, mirror->device) != cudaSuccess) {
            cudaGetLastError(); /* not an error of the user's program */
            attributes[a] = CDPL_NO_ATTRIBUTE;
        }
    }
    mirror->nattributes = CDPL_DEVICE_ATTRIBUTES;
    error = device_alloc((void **)&mirror->attributes, sizeof attributes);
    if (error == cudaSuccess)
        error = cudaMemcpy((void *)mirror->attributes, attributes, sizeof attributes, cudaMemcpyHostToDevice);
    return error;
}

/* Device-side cudaFuncGetAttributes and occupancy answers for every
 * registered kernel, asked on the host about the function that runs. */
static cudaError_t read_kernel_facts(cdpl_state *mirror)
{
    size_t count = cdpl_kernel_count();
    mirror->nkernel_facts = (unsigned int)count;
    if (count == 0) return cudaSuccess;
    cdpl_kernel_facts *facts = calloc(count, sizeof *facts);
    if (facts == NULL) return cudaErrorMemoryAllocation;
    cudaError_t error = cudaSuccess;
    for (size_t k = 0; error == cudaSuccess && k < count; ++k) {
        const cdpl_kernel *kernel = cdpl_kernel_at(k);
        facts[k].kernel_id = kernel->id;
        if (kernel->entry == NULL) continue; /* refused at registration: nothing runs it */
        error = cudaFuncGetAttributes(&facts[k].attributes, kernel->entry);
        facts[k].blocks_per_sm[0] = 0;
        for (int warps = 1; error == cudaSuccess && warps <= CDPL_MAX_WARPS_PER_BLOCK; ++warps)
            error = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&facts[k].blocks_per_sm[warps], kernel->entry,
                                                                  warps * 32, 0);
    }
    if (error == cudaSuccess) error = device_alloc((void **)&mirror->kernel_facts, sizeof *facts * count);
    if (error == cudaSuccess)
        error = cudaMemcpy((void *)mirror->kernel_facts, facts, sizeof *facts * count, cudaMemcpyHostToDevice);
    free(facts);
    return error;
}

/* Every lowered file's device code finds the state through its own symbol. */
static cudaError_t publish_state(void)
{
    cudaError_t error = cudaSuccess;
    for (size_t m = 0; error == cudaSuccess && m < cdpl_module_count(); ++m)
        error = cudaMemcpyToSymbol(cdpl_module_state_symbol(m), &state.device, sizeof state.device, 0,
                                   cudaMemcpyHostToDevice);
    return error;
}

static cudaError_t make_state(void)
{
    cdpl_state *mirror = &state.mirror;
    memset(mirror, 0, sizeof *mirror);
    int kept_default = 0;
    unsigned int pending_limit = pending_launch_limit(&kept_default);
    unsigned int capacity = limit_from_environment("CDPL_RECORD_POOL", default_record_pool(pending_limit));
    unsigned int stream_capacity = limit_from_environment("CDPL_STREAM_LIMIT", pending_limit);
    state.host_pending_limit = pending_limit;
    mirror->pending_limit = enforced_pending_limit(pending_limit, kept_default, capacity);
    size_t params = cdpl_largest_params();
    mirror->params_capacity = (unsigned int)((params + CDPL_PARAMS_ALIGN - 1) / CDPL_PARAMS_ALIGN *
                                             CDPL_PARAMS_ALIGN);
    mirror->record_stride = CDPL_RECORD_HEADER_SIZE + mirror->params_capacity;

    cudaError_t error = device_alloc((void **)&mirror->records, (size_t)capacity * mirror->record_stride);
    if (error == cudaSuccess) error = make_full_ring(&mirror->record_ring, capacity);
    if (error == cudaSuccess)
        error = device_alloc((void **)&mirror->streams, sizeof(cdpl_stream_object) * stream_capacity);
    if (error == cudaSuccess) error = make_full_ring(&mirror->stream_ring, stream_capacity);
    if (error == cudaSuccess)
        error = device_alloc((void **)&mirror->table, sizeof(cdpl_group_slot) * CDPL_GROUP_TABLE_SIZE);
    if (error == cudaSuccess) error = device_alloc((void **)&mirror->ready, sizeof(cdpl_ready_item) * capacity);
    if (error == cudaSuccess)
        error = device_alloc((void **)&mirror->wave_items, sizeof(cdpl_wave_item) * capacity);
    if (error == cudaSuccess)
        error = device_alloc((void **)&mirror->groups, sizeof(cdpl_group) * CDPL_GROUP_TABLE_SIZE);
    if (error == cudaSuccess) error = device_alloc((void **)&mirror->wave_end, sizeof(unsigned int) * capacity);
    if (error == cudaSuccess) error = device_alloc((void **)&mirror->native_end, sizeof(unsigned int) * capacity);
    /* Each record is in the live queue at most once, and a launch passes
     * over at most one abandoned cell per block: twice the record pool keeps
     * a cell's next lap from meeting a record still waiting in it (rounded
     * up to a power of two, for cdpl_ring's reason). */
    mirror->live.capacity = 1u << bits_for(2ull * capacity);
    size_t live_bytes = sizeof(unsigned int) * mirror->live.capacity;
    if (error == cudaSuccess) error = device_alloc((void **)&mirror->live.cells, live_bytes);
    if (error == cudaSuccess) error = cudaMemset(mirror->live.cells, 0xff, live_bytes);
    if (error == cudaSuccess) error = upload_error_strings(mirror);
    if (error == cudaSuccess) error = read_device_facts(mirror);
    if (error == cudaSuccess) error = read_kernel_facts(mirror);
    /* Pinned host memory is mapped into the device's address space (unified
     * addressing), so device code writes it through the same pointer: the
     * planner writes the plan where the host reads it, with no copy of its
     * own in each wave. */
    if (error == cudaSuccess) error = cudaMallocHost((void **)&state.failure, sizeof(cdpl_failure));
    if (error == cudaSuccess) {
        memset(state.failure, 0, sizeof *state.failure);
        mirror->failure = state.failure;
    }
    if (error == cudaSuccess) error = cdpl_make_device_settings(&state.settings);
    if (error == cudaSuccess) mirror->settings = state.settings;
    if (error == cudaSuccess) error = cudaMallocHost((void **)&state.plan, sizeof(cdpl_plan));
    if (error == cudaSuccess) {
        memset(state.plan, 0, sizeof *state.plan);
        mirror->plan = state.plan;
    }
    if (error == cudaSuccess) error = device_alloc((void **)&state.device, sizeof(cdpl_state));
    if (error == cudaSuccess)
        error = cudaMemcpy(state.device, mirror, sizeof *mirror, cudaMemcpyHostToDevice);
    if (error == cudaSuccess) error = device_alloc((void **)&state.staging, CDPL_MAX_PARAMS_SIZE);
    if (error == cudaSuccess)
        error = device_alloc((void **)&state.spec_slots, sizeof(cdpl_spec_slot) * CDPL_SPEC_GROUPS);
    if (error == cudaSuccess) error = publish_state();
    state.context = cdpl_current_context();
    return error;
}

/* Drops the state of a context that is gone (context_epoch.c) without
 * touching it: its memory, pinned host memory included, went with the
 * context. */
static void forget_state(void)
{
    memset(&state, 0, sizeof state);
    nallocations = 0;
    made = 0;
    cdpl_forget_launches();
    cdpl_forget_entry_settings();
}

/* Registered with atexit once the state is made, so it runs before CUDA's
 * own teardown, unless the program tore the context down first
 * (cudaDeviceReset before main returns, as CUDA's samples do). */
static void release_state(void)
{
    cdpl_end_launches();
    if (made && !cdpl_same_context(state.context, cdpl_current_context())) {
        forget_state();
        return;
    }
    if (getenv("CDPL_STATS") != NULL) {
        cdpl_stats stats;
        cdpl_get_stats(&stats);
        fprintf(stderr,
                "cdpl_waves: %llu\ncdpl_physical_launches: %llu\ncdpl_records: %llu\n"
                "cdpl_records_continued: %llu\ncdpl_peak_records: %u\ncdpl_peak_record_bytes: %zu\n"
                "cdpl_device_bytes: %zu\n",
                stats.waves, stats.physical_launches, stats.records, stats.records_continued, stats.peak_records,
                stats.peak_record_bytes, stats.device_bytes);
    }
    /* A failure that surfaced outside a drain (in a kernel the host launched
     * natively) is told here at the latest; and a program whose launches the
     * runtime could not run exits with a failure, even one that never
     * looked at CUDA's errors, as after a crash. */
    if (state.failure != NULL) cdpl_report_failure(state.failure);
    if (cdpl_runtime_failed()) {
        fflush(NULL);
        _Exit(EXIT_FAILURE);
    }
    for (size_t i = 0; i < nallocations; ++i) cudaFree(allocations[i]);
    nallocations = 0;
    cudaFreeHost(state.plan);
    state.plan = NULL;
    cudaFreeHost(state.failure);
    state.failure = NULL;
    cudaFreeHost(state.settings);
    state.settings = NULL;
    /* A launch after this (a static object's destructor) makes it anew. */
    made = 0;
}

cudaError_t cdpl_device_state_get(cdpl_device_state **out)
{
    /* Once, however many starts fail first: each would free the state again. */
    static int release_registered;
    if (made && !cdpl_same_context(state.context, cdpl_context_for_launch())) forget_state();
    if (!made) {
        cudaError_t error = make_state();
        /* Exit handlers run in reverse order of registration, and the CUDA
         * runtime registers its teardown when make_state's first call
         * initializes it (in a program whose first CUDA call is a launch):
         * registered after that, release_state frees the state while the
         * context still exists. It also frees what a failed start made. */
        if (!release_registered) release_registered = atexit(release_state) == 0;
        if (error != cudaSuccess) {
            cdpl_report("could not set up the launch queue: %s", cudaGetErrorString(error));
            return error;
        }
        made = 1;
    }
    cdpl_refresh_device_settings(state.settings, state.host_pending_limit);
    *out = &state;
    return cudaSuccess;
}

cudaError_t cdpl_start_runtime(void)
{
    cdpl_device_state *unused;
    return cdpl_device_state_get(&unused);
}

void cdpl_get_stats_memory(cdpl_stats *stats)
{
    stats->capacity = made ? state.mirror.record_ring.capacity : 0;
    stats->device_bytes = state.device_bytes;
    stats->peak_record_bytes = made ? (size_t)stats->peak_records * state.mirror.record_stride : 0;
}
