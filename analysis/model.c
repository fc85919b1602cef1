/* Names, diagnostics and ownership of the plain data model. */
#define _POSIX_C_SOURCE 200809L
#include "model.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diagnose.h"

static bool is_name_character(char c)
{
    return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Whether text ending in `a` and text beginning with `b` could read as one
 * token written side by side: a name or number going on, a literal's
 * prefix or suffix, a number's dot or exponent sign, a longer punctuator
 * or a comment. */
static bool would_join(char a, char b)
{
    static const char punctuators[] = "+-*/%<>=!&|^:#.";
    if (is_name_character(a)) return is_name_character(b) || b == '"' || b == '\'' || b == '.';
    if (a == '"' || a == '\'') return is_name_character(b);
    if (a == '.') return (b >= '0' && b <= '9') || b == '.';
    return strchr(punctuators, a) != NULL && strchr(punctuators, b) != NULL && b != '\0';
}

bool cdpl_expansion_space_before(const cdpl_macro_use *use, size_t t, char previous, char next)
{
    if (previous == '\0' || strchr(" \t\r\n", previous) != NULL) return false;
    bool inside = t > 0 && t < use->ntokens;
    if (inside && use->tokens[t].space_before) return true;
    /* Tokens the source spells side by side read as they did there. */
    if (inside && use->tokens[t].made == NULL && use->tokens[t - 1].made == NULL &&
        use->tokens[t - 1].written.end == use->tokens[t].written.begin)
        return false;
    return would_join(previous, next);
}

const char *cdpl_stream_kind_name(cdpl_stream_kind kind)
{
    switch (kind) {
    case CDPL_STREAM_NULL: return "null";
    case CDPL_STREAM_NAMED: return "named";
    case CDPL_STREAM_TAIL: return "tail";
    case CDPL_STREAM_FIRE_AND_FORGET: return "fire_and_forget";
    case CDPL_STREAM_PER_THREAD: return "per_thread";
    }
    return "unknown";
}

static const char *const api_names[CDPL_API_COUNT] = {
    [CDPL_API_GET_LAST_ERROR] = "cudaGetLastError",
    [CDPL_API_PEEK_AT_LAST_ERROR] = "cudaPeekAtLastError",
    [CDPL_API_GET_ERROR_STRING] = "cudaGetErrorString",
    [CDPL_API_GET_ERROR_NAME] = "cudaGetErrorName",
    [CDPL_API_STREAM_CREATE_WITH_FLAGS] = "cudaStreamCreateWithFlags",
    [CDPL_API_STREAM_DESTROY] = "cudaStreamDestroy",
    [CDPL_API_EVENT_CREATE_WITH_FLAGS] = "cudaEventCreateWithFlags",
    [CDPL_API_EVENT_RECORD] = "cudaEventRecord",
    [CDPL_API_EVENT_DESTROY] = "cudaEventDestroy",
    [CDPL_API_STREAM_WAIT_EVENT] = "cudaStreamWaitEvent",
    [CDPL_API_MEMCPY_ASYNC] = "cudaMemcpyAsync",
    [CDPL_API_MEMSET_ASYNC] = "cudaMemsetAsync",
    [CDPL_API_MALLOC] = "cudaMalloc",
    [CDPL_API_FREE] = "cudaFree",
    [CDPL_API_GET_DEVICE] = "cudaGetDevice",
    [CDPL_API_GET_DEVICE_COUNT] = "cudaGetDeviceCount",
    [CDPL_API_DEVICE_GET_ATTRIBUTE] = "cudaDeviceGetAttribute",
    [CDPL_API_RUNTIME_GET_VERSION] = "cudaRuntimeGetVersion",
    [CDPL_API_DEVICE_SYNCHRONIZE] = "cudaDeviceSynchronize",
    [CDPL_API_LAUNCH_DEVICE] = "cudaLaunchDevice",
    [CDPL_API_GET_PARAMETER_BUFFER] = "cudaGetParameterBuffer",
    [CDPL_API_GRAPH_LAUNCH] = "cudaGraphLaunch",
    [CDPL_API_FUNC_GET_ATTRIBUTES] = "cudaFuncGetAttributes",
    [CDPL_API_OCCUPANCY] = "cudaOccupancyMaxActiveBlocksPerMultiprocessor",
    [CDPL_API_OCCUPANCY_WITH_FLAGS] = "cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags",
    [CDPL_API_LAUNCH_DEVICE_V2] = "cudaLaunchDeviceV2",
    [CDPL_API_EVENT_RECORD_WITH_FLAGS] = "cudaEventRecordWithFlags",
    [CDPL_API_MEMCPY_2D_ASYNC] = "cudaMemcpy2DAsync",
    [CDPL_API_MEMCPY_3D_ASYNC] = "cudaMemcpy3DAsync",
    [CDPL_API_MEMSET_2D_ASYNC] = "cudaMemset2DAsync",
    [CDPL_API_MEMSET_3D_ASYNC] = "cudaMemset3DAsync",
    [CDPL_API_DEVICE_GET_LIMIT] = "cudaDeviceGetLimit",
    [CDPL_API_DEVICE_GET_CACHE_CONFIG] = "cudaDeviceGetCacheConfig",
    [CDPL_API_DEVICE_GET_SHARED_MEM_CONFIG] = "cudaDeviceGetSharedMemConfig",
};

const char *cdpl_api_name(cdpl_api api)
{
    return (unsigned)api < CDPL_API_COUNT ? api_names[api] : "unknown";
}

void cdpl_function_free_parameters(cdpl_function *function)
{
    for (size_t p = 0; p < function->nparams; ++p) {
        free(function->param_types[p]);
        free(function->param_elements[p]);
        free(function->param_names[p]);
    }
    free(function->param_types);
    free(function->param_decays);
    free(function->param_elements);
    free(function->param_names);
    function->nparams = 0;
    function->param_types = NULL;
    function->param_decays = NULL;
    function->param_elements = NULL;
    function->param_names = NULL;
}

static void free_function(cdpl_function *function)
{
    free(function->name);
    free(function->usr);
    free(function->decls);
    free(function->global_attrs);
    free(function->launch_bounds);
    free(function->decl_names);
    free(function->grid_constants);
    free(function->instantiation_globals);
    free(function->instantiation_names);
    free(function->friend_globals);
    free(function->friend_names);
    cdpl_function_free_parameters(function);
    free(function->default_args);
    for (size_t t = 0; t < function->ntemplate_params; ++t) free(function->template_params[t].name);
    free(function->template_params);
    free(function->specialized_usr);
    free(function->builtin_refs);
    free(function->closed_ranges);
    free(function->thread_exits);
    free(function->builtin_ref_reads_copy);
    free(function->name_refs);
    free(function->query_refs);
    free(function->callees);
}

void cdpl_model_free(cdpl_model *model)
{
    for (size_t f = 0; f < model->nfunctions; ++f) free_function(&model->functions[f]);
    free(model->functions);
    for (size_t l = 0; l < model->nlaunches; ++l) {
        free(model->launches[l].args);
        free(model->launches[l].candidates);
    }
    free(model->launches);
    free(model->api_calls);
    free(model->using_decls);
    free(model->host_pointer_launches);
    free(model->kernel_launch_calls);
    for (size_t u = 0; u < model->nmacro_uses; ++u) {
        free(model->macro_uses[u].macro);
        for (size_t t = 0; t < model->macro_uses[u].ntokens; ++t) free(model->macro_uses[u].tokens[t].made);
        free(model->macro_uses[u].tokens);
    }
    free(model->macro_uses);
    for (size_t d = 0; d < model->ndiagnostics; ++d) {
        free(model->diagnostics[d].file);
        free(model->diagnostics[d].message);
    }
    free(model->diagnostics);
    for (size_t i = 0; i < model->nincludes; ++i) free(model->includes[i]);
    free(model->includes);
    free(model->main_file);
    free(model->source);
    free(model->original);
    for (size_t h = 0; h < model->nheaders; ++h) {
        free(model->headers[h].name);
        free(model->headers[h].path);
        free(model->headers[h].directive);
    }
    free(model->headers);
    free(model->segments);
    free(model->line_starts);
    *model = (cdpl_model){0};
}

static bool add_diagnostic(cdpl_model *model, cdpl_severity severity, const char *file, cdpl_loc loc,
                           const char *format, va_list args)
{
    va_list measure;
    va_copy(measure, args);
    int length = vsnprintf(NULL, 0, format, measure);
    va_end(measure);
    if (length < 0) return false;
    char *message = malloc((size_t)length + 1);
    if (message == NULL) return false;
    vsnprintf(message, (size_t)length + 1, format, args);

    const char *named = file != NULL ? file : model->main_file;
    char *file_copy = named != NULL ? strdup(named) : NULL;
    cdpl_diagnostic *grown =
        realloc(model->diagnostics, (model->ndiagnostics + 1) * sizeof *model->diagnostics);
    if (grown == NULL || (named != NULL && file_copy == NULL)) {
        if (grown != NULL) model->diagnostics = grown;
        free(message);
        free(file_copy);
        return false;
    }
    model->diagnostics = grown;
    model->diagnostics[model->ndiagnostics++] = (cdpl_diagnostic){severity, file_copy, loc, message};
    return true;
}

bool cdpl_model_diagnose(cdpl_model *model, cdpl_severity severity, cdpl_loc loc, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    bool added = add_diagnostic(model, severity, loc.file, loc, format, args);
    va_end(args);
    return added;
}

bool cdpl_model_diagnose_in(cdpl_model *model, cdpl_severity severity, const char *file, cdpl_loc loc,
                            const char *format, ...)
{
    va_list args;
    va_start(args, format);
    bool added = add_diagnostic(model, severity, file, loc, format, args);
    va_end(args);
    return added;
}

bool cdpl_model_has_errors(const cdpl_model *model)
{
    for (size_t d = 0; d < model->ndiagnostics; ++d)
        if (model->diagnostics[d].severity == CDPL_ERROR) return true;
    return false;
}
