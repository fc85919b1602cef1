/* Which functions take part in the runtime. Calls only reach device code
 * through __device__ and __host__ __device__ functions: kernels are launched,
 * never called, and host functions cannot be called from the device. */
#include <stdlib.h>

#include "analyse.h"

static bool callable_from_device(const cdpl_function *function)
{
    return function->side == CDPL_SIDE_DEVICE || function->side == CDPL_SIDE_HOST_DEVICE;
}

static bool uses_the_queue(cdpl_api api)
{
    switch (api) {
    case CDPL_API_STREAM_CREATE_WITH_FLAGS:
    case CDPL_API_STREAM_DESTROY:
    case CDPL_API_EVENT_CREATE_WITH_FLAGS:
    case CDPL_API_EVENT_RECORD:
    case CDPL_API_EVENT_DESTROY:
    case CDPL_API_STREAM_WAIT_EVENT:
    case CDPL_API_MEMCPY_ASYNC:
    case CDPL_API_MEMSET_ASYNC:
        return true;
    default:
        return false;
    }
}

static void mark_launches(cdpl_model *model)
{
    for (size_t l = 0; l < model->nlaunches; ++l) {
        const cdpl_launch_site *site = &model->launches[l];
        if (!site->device_side) continue;
        model->functions[site->kernel].launched_from_device = true;
        for (size_t c = 0; c < site->ncandidates; ++c) model->functions[site->candidates[c]].launched_from_device = true;
        if (site->caller < model->nfunctions) model->functions[site->caller].launches = true;
    }
    /* Streams, events and asynchronous copies made in device code are the
     * runtime's records and objects: their grid must run in the runtime as
     * much as one that launches (a kernel may create streams and launch
     * nothing). */
    for (size_t c = 0; c < model->napi_calls; ++c) {
        const cdpl_api_call *call = &model->api_calls[c];
        if (call->device_side && uses_the_queue(call->api) && call->caller < model->nfunctions)
            model->functions[call->caller].launches = true;
    }
    /* A caller launches when one of its device callees does, to a fixed point. */
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t f = 0; f < model->nfunctions; ++f) {
            cdpl_function *function = &model->functions[f];
            if (function->side == CDPL_SIDE_HOST) continue;
            for (size_t c = 0; c < function->ncallees && !function->launches; ++c) {
                const cdpl_function *callee = &model->functions[function->callees[c]];
                if (callable_from_device(callee) && callee->launches) {
                    function->launches = true;
                    changed = true;
                }
            }
        }
    }
}

/* Marks `start` and the device functions it reaches as `reached`. */
static void reach(const cdpl_model *model, size_t start, bool *reached, size_t *stack)
{
    size_t depth = 0;
    reached[start] = true;
    stack[depth++] = start;
    while (depth > 0) {
        const cdpl_function *function = &model->functions[stack[--depth]];
        for (size_t c = 0; c < function->ncallees; ++c) {
            size_t callee = function->callees[c];
            if (reached[callee] || !callable_from_device(&model->functions[callee])) continue;
            reached[callee] = true;
            stack[depth++] = callee;
        }
    }
}

static bool site_targets(const cdpl_launch_site *site, size_t kernel)
{
    if (site->kernel == kernel) return true;
    for (size_t c = 0; c < site->ncandidates; ++c)
        if (site->candidates[c] == kernel) return true;
    return false;
}

/* Sets launches_itself for `kernel`: a device-side launch of it in the
 * kernel or in a device function the kernel reaches; and
 * launches_itself_in_one_block when one of those is of a one-block grid. */
static void mark_launches_itself(cdpl_model *model, size_t kernel, bool *reached, size_t *stack)
{
    for (size_t i = 0; i < model->nfunctions; ++i) reached[i] = false;
    reach(model, kernel, reached, stack);
    for (size_t l = 0; l < model->nlaunches; ++l) {
        const cdpl_launch_site *site = &model->launches[l];
        if (site->device_side && site->caller < model->nfunctions && reached[site->caller] &&
            site_targets(site, kernel)) {
            model->functions[kernel].launches_itself = true;
            if (site->one_block_grid) {
                model->functions[kernel].launches_itself_in_one_block = true;
                return;
            }
        }
    }
}

static bool shares_builtin_ref(const cdpl_function *a, const cdpl_function *b)
{
    for (size_t i = 0; i < a->nbuiltin_refs; ++i)
        for (size_t j = 0; j < b->nbuiltin_refs; ++j)
            if (a->builtin_refs[i].begin == b->builtin_refs[j].begin) return true;
    return false;
}

/* blockIdx/gridDim written in a macro's definition are rewritten there,
 * once for every function that uses the macro: if one of them reads the
 * virtual block, all of them do (a kernel outside the runtime then gets the
 * prologue that sets it). */
static void share_virtual_builtins(cdpl_model *model)
{
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t f = 0; f < model->nfunctions; ++f) {
            if (!model->functions[f].virtualized) continue;
            for (size_t g = 0; g < model->nfunctions; ++g)
                if (!model->functions[g].virtualized && shares_builtin_ref(&model->functions[f], &model->functions[g])) {
                    model->functions[g].virtualized = true;
                    changed = true;
                }
        }
    }
}

/* Sets launches_nothing for each kernel in the runtime: a wave of such
 * kernels makes no record, so the runtime can know, when it launches one,
 * that the launch tree ends with it (drain.c). The kernels of one template
 * share an entry and its registration: one specialization that may launch
 * counts for all. Leaves `reached` all false. */
static void mark_launches_nothing(cdpl_model *model, bool *reached, size_t *stack)
{
    size_t n = model->nfunctions;
    for (size_t f = 0; f < n; ++f) {
        cdpl_function *kernel = &model->functions[f];
        if (!kernel->runs_in_runtime) continue;
        reach(model, f, reached, stack);
        kernel->launches_nothing = !kernel->launches;
        for (size_t i = 0; i < n; ++i) {
            if (reached[i] && model->functions[i].calls_unseen) kernel->launches_nothing = false;
            reached[i] = false;
        }
    }
    for (size_t f = 0; f < n; ++f) {
        cdpl_function *specialization = &model->functions[f];
        if (specialization->specializes >= n || specialization->side != CDPL_SIDE_KERNEL) continue;
        cdpl_function *primary = &model->functions[specialization->specializes];
        if (!specialization->launches_nothing) primary->launches_nothing = false;
    }
}

/* Whether a device-side launch in a function the kernel reaches lets the
 * kernel's grid be seen complete by more than its parent: a tail launch
 * waits for it, and a stream it names may be one it created (or a variable
 * holding cudaStreamTailLaunch). Launches that only the device-side parse
 * found are counted too, whatever their stream. */
static bool site_observes_completion(const cdpl_launch_site *site)
{
    return site->in_arch_guard || site->stream_kind == CDPL_STREAM_TAIL || site->stream_kind == CDPL_STREAM_NAMED;
}

/* Whether a device runtime call makes nothing that could see a grid's
 * completion or be linked behind it: errors, memory, queries. Every other
 * call (streams, events, copies of any shape, what is refused) counts as
 * one that does. */
static bool call_observes_nothing(cdpl_api api)
{
    switch (api) {
    case CDPL_API_GET_LAST_ERROR:
    case CDPL_API_PEEK_AT_LAST_ERROR:
    case CDPL_API_GET_ERROR_STRING:
    case CDPL_API_GET_ERROR_NAME:
    case CDPL_API_MALLOC:
    case CDPL_API_FREE:
    case CDPL_API_GET_DEVICE:
    case CDPL_API_GET_DEVICE_COUNT:
    case CDPL_API_DEVICE_GET_ATTRIBUTE:
    case CDPL_API_RUNTIME_GET_VERSION:
    case CDPL_API_FUNC_GET_ATTRIBUTES:
    case CDPL_API_OCCUPANCY:
    case CDPL_API_OCCUPANCY_WITH_FLAGS:
    case CDPL_API_DEVICE_GET_LIMIT:
    case CDPL_API_DEVICE_GET_CACHE_CONFIG:
    case CDPL_API_DEVICE_GET_SHARED_MEM_CONFIG:
        return true;
    default:
        return false;
    }
}

/* Sets completion_unobserved for each kernel in the runtime that a device
 * launch starts fire-and-forget (the runtime lets the children of such a
 * grid count above it: cdpl_set_children_count_in in
 * rt/include/cdpl_entry.cuh). As for launches_nothing, one specialization of
 * a template that fails counts for all. Leaves `reached` all false. */
static void mark_completion_unobserved(cdpl_model *model, bool *reached, size_t *stack)
{
    size_t n = model->nfunctions;
    for (size_t f = 0; f < n; ++f) {
        cdpl_function *kernel = &model->functions[f];
        if (!kernel->runs_in_runtime) continue;
        /* Only a grid launched fire-and-forget can be: without such a
         * launch, the load of its record's fields as a block begins it
         * only costs. */
        bool launched_fire_and_forget = false;
        for (size_t l = 0; l < model->nlaunches; ++l) {
            const cdpl_launch_site *site = &model->launches[l];
            if (site->device_side && site->stream_kind == CDPL_STREAM_FIRE_AND_FORGET && site_targets(site, f))
                launched_fire_and_forget = true;
        }
        if (!launched_fire_and_forget) continue;
        reach(model, f, reached, stack);
        bool unobserved = true;
        for (size_t i = 0; i < n; ++i)
            if (reached[i] && model->functions[i].calls_unseen) unobserved = false;
        for (size_t l = 0; l < model->nlaunches; ++l) {
            const cdpl_launch_site *site = &model->launches[l];
            if (site->device_side && site->caller < n && reached[site->caller] && site_observes_completion(site))
                unobserved = false;
        }
        for (size_t c = 0; c < model->napi_calls; ++c) {
            const cdpl_api_call *call = &model->api_calls[c];
            if (call->caller < n && reached[call->caller] && !call_observes_nothing(call->api)) unobserved = false;
        }
        kernel->completion_unobserved = unobserved;
        for (size_t i = 0; i < n; ++i) reached[i] = false;
    }
    for (size_t f = 0; f < n; ++f) {
        cdpl_function *specialization = &model->functions[f];
        if (specialization->specializes >= n || specialization->side != CDPL_SIDE_KERNEL) continue;
        cdpl_function *primary = &model->functions[specialization->specializes];
        if (!specialization->completion_unobserved) primary->completion_unobserved = false;
    }
}

/* A runtime kernel that reaches an `asm("exit;")` (analysis/thread_exits.c)
 * has threads that leave for good, wherever they are: its entry runs one
 * record a block and meets no barrier after the body (codegen.c reads the
 * two facts so), since a thread that is gone can neither go on with the
 * block's next record nor meet the others there. */
static void mark_thread_exits(cdpl_model *model, bool *reached, size_t *stack)
{
    const size_t n = model->nfunctions;
    bool any = false;
    for (size_t f = 0; f < n && !any; ++f) any = model->functions[f].nthread_exits > 0;
    /* A walk from every kernel, only where there is something to find. */
    if (!any) return;
    for (size_t f = 0; f < n; ++f) {
        cdpl_function *kernel = &model->functions[f];
        if (kernel->side != CDPL_SIDE_KERNEL) continue;
        for (size_t i = 0; i < n; ++i) reached[i] = false;
        reach(model, f, reached, stack);
        for (size_t i = 0; i < n && !kernel->reaches_thread_exit; ++i)
            kernel->reaches_thread_exit = reached[i] && model->functions[i].nthread_exits > 0;
        if (kernel->reaches_thread_exit && kernel->runs_in_runtime)
            kernel->waits_at_barrier = kernel->threads_may_leave_alone = true;
    }
}

void cdpl_analyse_reachability(cdpl_model *model)
{
    size_t n = model->nfunctions;
    for (size_t f = 0; f < n; ++f) {
        cdpl_function *function = &model->functions[f];
        function->launched_from_device = function->launches = function->runs_in_runtime = false;
        function->virtualized = function->needs_native_prologue = false;
        function->launches_itself = false;
        function->launches_itself_in_one_block = false;
        function->launches_nothing = false;
        function->completion_unobserved = false;
        function->reaches_thread_exit = false;
    }
    mark_launches(model);
    for (size_t f = 0; f < n; ++f) {
        cdpl_function *function = &model->functions[f];
        function->runs_in_runtime =
            function->side == CDPL_SIDE_KERNEL && (function->launched_from_device || function->launches);
    }
    /* Every instantiation of a kernel template runs through the one entry
     * of the template, explicit specializations included: one of them in
     * the runtime puts them all there (two passes reach every sibling). */
    for (int pass = 0; pass < 2; ++pass)
        for (size_t f = 0; f < n; ++f) {
            cdpl_function *function = &model->functions[f];
            if (function->specializes >= n || function->side != CDPL_SIDE_KERNEL) continue;
            cdpl_function *primary = &model->functions[function->specializes];
            if (function->runs_in_runtime || primary->runs_in_runtime)
                function->runs_in_runtime = primary->runs_in_runtime = true;
        }

    bool *reached = calloc(n + 1, sizeof *reached);
    size_t *stack = calloc(n + 1, sizeof *stack);
    if (reached == NULL || stack == NULL) {
        /* Without memory, virtualize every device function: over-approximating
         * keeps the lowering correct, only slower. */
        for (size_t f = 0; f < n; ++f) model->functions[f].virtualized = model->functions[f].side != CDPL_SIDE_HOST;
        free(reached);
        free(stack);
        return;
    }
    for (size_t f = 0; f < n; ++f)
        if (model->functions[f].runs_in_runtime) mark_launches_itself(model, f, reached, stack);
    for (size_t i = 0; i < n; ++i) reached[i] = false;
    mark_launches_nothing(model, reached, stack);
    mark_completion_unobserved(model, reached, stack);
    for (size_t f = 0; f < n; ++f)
        if (model->functions[f].runs_in_runtime) reach(model, f, reached, stack);
    for (size_t f = 0; f < n; ++f) model->functions[f].virtualized = reached[f];
    share_virtual_builtins(model);
    mark_thread_exits(model, reached, stack);

    /* The runtime's replacements of device API calls read the block's
     * context, so a kernel outside the runtime that reaches one needs it set
     * as much as one that reaches virtualized code. */
    bool *calls_runtime_api = calloc(n + 1, sizeof *calls_runtime_api);
    for (size_t c = 0; calls_runtime_api != NULL && c < model->napi_calls; ++c)
        if (model->api_calls[c].device_side && model->api_calls[c].caller < n)
            calls_runtime_api[model->api_calls[c].caller] = true;
    for (size_t f = 0; f < n; ++f) {
        cdpl_function *function = &model->functions[f];
        if (function->side != CDPL_SIDE_KERNEL || function->runs_in_runtime) continue;
        for (size_t i = 0; i < n; ++i) reached[i] = false;
        reach(model, f, reached, stack);
        for (size_t i = 0; i < n && !function->needs_native_prologue; ++i)
            function->needs_native_prologue =
                reached[i] && ((model->functions[i].virtualized &&
                                (model->functions[i].nbuiltin_refs > 0 || model->functions[i].nthread_exits > 0)) ||
                               calls_runtime_api == NULL || calls_runtime_api[i]);
    }
    free(calls_runtime_api);
    free(reached);
    free(stack);
}
