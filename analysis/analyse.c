/* The front end's driver: read, parse twice, find, analyse, report. */
#define _POSIX_C_SOURCE 200809L
#include "analyse.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "api_calls.h"
#include "block_barriers.h"
#include "block_exits.h"
#include "body_block_copies.h"
#include "clang_only_errors.h"
#include "context.h"
#include "device_only_code.h"
#include "diagnose.h"
#include "explicit_instantiations.h"
#include "friend_kernels.h"
#include "functions.h"
#include "header_block_reads.h"
#include "headers.h"
#include "includes.h"
#include "launch_sites.h"
#include "macro_launches.h"
#include "needs_rewriting.h"
#include "parse.h"
#include "quick_scan.h"
#include "source.h"
#include "spaced_chevrons.h"
#include "special_includes.h"
#include "thread_exits.h"
#include "using_declarations.h"

static bool read_source(const char *path, cdpl_model *model)
{
    /* Opened without waiting for a FIFO's writer: what a device, a FIFO or
     * a terminal gives may never end, or never come. */
    int descriptor = open(path, O_RDONLY | O_NONBLOCK);
    struct stat status;
    if (descriptor >= 0 && fstat(descriptor, &status) == 0 && !S_ISREG(status.st_mode) && !S_ISDIR(status.st_mode)) {
        close(descriptor);
        cdpl_model_diagnose(model, CDPL_ERROR, (cdpl_loc){0, 0, NULL}, "the input is not a regular file");
        return false;
    }
    FILE *file = descriptor >= 0 ? fdopen(descriptor, "rb") : NULL;
    if (file == NULL) {
        cdpl_model_diagnose(model, CDPL_ERROR, (cdpl_loc){0, 0, NULL}, "cannot open the input: %s", strerror(errno));
        if (descriptor >= 0) close(descriptor);
        return false;
    }
    size_t capacity = 4096, size = 0;
    char *bytes = malloc(capacity + 1);
    while (bytes != NULL) {
        size += fread(bytes + size, 1, capacity - size, file);
        if (size < capacity) break;
        char *grown = realloc(bytes, capacity * 2 + 1);
        if (grown == NULL) {
            free(bytes);
            bytes = NULL;
        } else {
            bytes = grown;
            capacity *= 2;
        }
    }
    bool failed = bytes == NULL || ferror(file);
    fclose(file);
    if (failed) {
        free(bytes);
        cdpl_model_diagnose(model, CDPL_ERROR, (cdpl_loc){0, 0, NULL}, "cannot read the input%s",
                            bytes == NULL ? ": out of memory" : "");
        return false;
    }
    bytes[size] = '\0'; /* not part of the source; lets it be printed as a string */
    model->source = bytes;
    model->source_size = size;
    return true;
}

static int by_offset(size_t a, size_t b) { return (a > b) - (a < b); }

static int launch_order(const void *left, const void *right)
{
    const cdpl_launch_site *a = left, *b = right;
    return a->expansion != b->expansion ? by_offset(a->expansion, b->expansion) : by_offset(a->whole.begin, b->whole.begin);
}

static int api_call_order(const void *left, const void *right)
{
    return by_offset(((const cdpl_api_call *)left)->callee_name.begin,
                     ((const cdpl_api_call *)right)->callee_name.begin);
}

/* Lambdas and macros hide host launches from the rewriter: an error only
 * when the kernel runs through the runtime, so every launch must change. */
static void report_conditional_launches(cdpl_context *context)
{
    cdpl_model *model = context->model;
    for (size_t c = 0; c < context->nconditional_launches; ++c) {
        const cdpl_conditional_launch *launch = &context->conditional_launches[c];
        const cdpl_function *kernel = &model->functions[launch->kernel];
        if (!kernel->runs_in_runtime) continue;
        cdpl_model_diagnose(model, CDPL_ERROR, launch->loc,
                            "launch of '%s' %s is not supported yet: '%s' runs through the cdpl runtime, so "
                            "every launch of it must be rewritten; write this launch directly in a function",
                            kernel->name, launch->construct, kernel->name);
    }
}

static void report_hidden_builtins(cdpl_context *context)
{
    cdpl_model *model = context->model;
    for (size_t h = 0; h < context->nhidden_builtins; ++h) {
        const cdpl_hidden_builtin *hidden = &context->hidden_builtins[h];
        const cdpl_function *function = &model->functions[hidden->function];
        if (!function->virtualized) continue;
        if (hidden->through != NULL)
            cdpl_model_diagnose(model, CDPL_ERROR, hidden->loc,
                                "'%s' reads blockIdx/gridDim in a header, where cdp-lower cannot rewrite them, but "
                                "'%s' must read the virtual block (it runs through the cdpl runtime, or a kernel "
                                "that does calls it); use blockIdx/gridDim in the function instead",
                                hidden->through, function->name);
        else
            cdpl_model_diagnose(model, CDPL_ERROR, hidden->loc,
                                "blockIdx/gridDim is spelled inside a macro definition here, but '%s' must read "
                                "the virtual block (it runs through the cdpl runtime, or a kernel that does calls "
                                "it); write blockIdx/gridDim directly in the function",
                                function->name);
    }
}

static bool is_main_file(const cdpl_model *model, const char *file)
{
    return file == NULL || model->main_file == NULL || strcmp(file, model->main_file) == 0;
}

static bool has_error_at(const cdpl_model *model, cdpl_loc loc)
{
    for (size_t d = 0; d < model->ndiagnostics; ++d) {
        const cdpl_diagnostic *known = &model->diagnostics[d];
        if (known->severity == CDPL_ERROR && is_main_file(model, known->file) && known->loc.line == loc.line &&
            known->loc.column == loc.column)
            return true;
    }
    return false;
}

/* Clang rejects every overload of a kernel, and every kernel template,
 * launched from device code (in a template's instantiations too), and says
 * so; the launch is lowered all the same (launch_sites.c). */
static bool is_overloaded_launch(const cdpl_model *model, size_t offset, const char *message)
{
    if (strncmp(message, "no matching function for call to ", strlen("no matching function for call to ")) != 0)
        return false;
    for (size_t l = 0; l < model->nlaunches; ++l) {
        const cdpl_launch_site *site = &model->launches[l];
        if ((site->ncandidates > 0 || (site->device_side && model->functions[site->kernel].is_template)) &&
            (site->whole.begin == offset || site->callee_name.begin == offset || site->expansion == offset))
            return true;
    }
    return false;
}

/* The host-side parse's errors are the user's errors, except where the
 * analysis has already said more precisely what is wrong (clang's CUDA mode
 * rejects some device-side constructs that nvcc accepts, such as a launch of
 * a kernel template from a kernel), and errors clang alone reports
 * (clang_only_errors.c). One in a system header is a warning: the lowering
 * never rewrites system headers, and nvcc reports what is wrong there when
 * it compiles the output. So is every one in a file with nothing to
 * rewrite, which comes out as it went in: libclang refuses some code that
 * nvcc takes, and nvcc reports real errors itself. The device-side parse
 * is not consulted: it rejects every device-side launch. */
static void report_parse_errors(cdpl_context *context)
{
    cdpl_model *model = context->model;
    context->parse_errors_reported = true;
    context->first_parse_error = model->ndiagnostics;
    int rewritten = -1; /* found out at the first error: it may scan the whole text */
    CXTranslationUnit tu = context->host.tu;
    unsigned count = clang_getNumDiagnostics(tu);
    for (unsigned d = 0; d < count; ++d) {
        CXDiagnostic diagnostic = clang_getDiagnostic(tu, d);
        if (clang_getDiagnosticSeverity(diagnostic) >= CXDiagnostic_Error && !cdpl_is_clang_only_error(diagnostic)) {
            CXSourceLocation location = clang_getDiagnosticLocation(diagnostic);
            CXString message = clang_getDiagnosticSpelling(diagnostic);
            if (rewritten < 0) rewritten = cdpl_needs_rewriting(context);
            cdpl_severity severity =
                rewritten && !clang_Location_isInSystemHeader(location) ? CDPL_ERROR : CDPL_WARNING;
            size_t offset = 0;
            if (cdpl_main_offset(&context->host, location, &offset)) {
                cdpl_loc loc = cdpl_loc_at(model, offset);
                if (!has_error_at(model, loc) && !is_overloaded_launch(model, offset, clang_getCString(message)))
                    cdpl_model_diagnose(model, severity, loc, "%s", clang_getCString(message));
            } else {
                cdpl_loc loc;
                char *file = cdpl_location_file(location, &loc);
                cdpl_model_diagnose_in(model, severity, file, loc, "%s", clang_getCString(message));
                free(file);
            }
            clang_disposeString(message);
        }
        clang_disposeDiagnostic(diagnostic);
    }
}

typedef struct ordered_diagnostic {
    const cdpl_model *model;
    cdpl_diagnostic diagnostic;
    size_t index;
    bool from_clang;
} ordered_diagnostic;

/* Clang's own first, in the order it reports them, which puts the root
 * cause first (an error in a header that a line of the file causes comes
 * after that line's); then the analysis's, in source order. */
static int diagnostic_order(const void *left, const void *right)
{
    const ordered_diagnostic *a = left, *b = right;
    if (a->from_clang != b->from_clang) return a->from_clang ? -1 : 1;
    if (a->from_clang) return by_offset(a->index, b->index);
    bool a_main = is_main_file(a->model, a->diagnostic.file), b_main = is_main_file(b->model, b->diagnostic.file);
    if (a_main != b_main) return a_main ? 1 : -1; /* headers first, as a compiler reports them */
    if (!a_main) {
        int by_file = strcmp(a->diagnostic.file, b->diagnostic.file);
        if (by_file != 0) return by_file;
    }
    if (a->diagnostic.loc.line != b->diagnostic.loc.line)
        return a->diagnostic.loc.line < b->diagnostic.loc.line ? -1 : 1;
    if (a->diagnostic.loc.column != b->diagnostic.loc.column)
        return a->diagnostic.loc.column < b->diagnostic.loc.column ? -1 : 1;
    return by_offset(a->index, b->index);
}

static bool same_diagnostic(const cdpl_model *model, const cdpl_diagnostic *a, const cdpl_diagnostic *b)
{
    bool same_file = is_main_file(model, a->file) ? is_main_file(model, b->file)
                                                   : !is_main_file(model, b->file) && strcmp(a->file, b->file) == 0;
    return same_file && a->loc.line == b->loc.line && a->loc.column == b->loc.column &&
           a->severity == b->severity && strcmp(a->message, b->message) == 0;
}

/* In order, without the repeats two parses can produce. */
static void order_diagnostics(cdpl_context *context)
{
    cdpl_model *model = context->model;
    size_t n = model->ndiagnostics;
    ordered_diagnostic *ordered = calloc(n + 1, sizeof *ordered);
    if (ordered == NULL) {
        context->out_of_memory = true;
        return;
    }
    for (size_t d = 0; d < n; ++d)
        ordered[d] = (ordered_diagnostic){model, model->diagnostics[d], d,
                                          context->parse_errors_reported && d >= context->first_parse_error};
    qsort(ordered, n, sizeof *ordered, diagnostic_order);
    size_t kept = 0;
    for (size_t d = 0; d < n; ++d) {
        if (kept > 0 && same_diagnostic(model, &model->diagnostics[kept - 1], &ordered[d].diagnostic)) {
            free(ordered[d].diagnostic.file);
            free(ordered[d].diagnostic.message);
            continue;
        }
        model->diagnostics[kept++] = ordered[d].diagnostic;
    }
    model->ndiagnostics = kept;
    free(ordered);
}

static void analyse_units(cdpl_context *context)
{
    cdpl_model *model = context->model;
    cdpl_find_includes(context);
    cdpl_find_functions(context);
    cdpl_find_spaced_chevrons(context);
    cdpl_find_explicit_instantiations(context);
    cdpl_find_friend_kernels(context);
    cdpl_find_using_declarations(context);
    cdpl_find_device_only_uses(context);
    cdpl_find_body_block_copies(context);
    cdpl_find_host_launches(context);
    cdpl_find_arch_guard_launches(context);
    cdpl_find_launches_in_macro_uses(context);
    /* An empty array may be NULL, which qsort must not be given. */
    if (model->nlaunches > 1) qsort(model->launches, model->nlaunches, sizeof *model->launches, launch_order);
    cdpl_find_api_calls(context);
    if (model->napi_calls > 1) qsort(model->api_calls, model->napi_calls, sizeof *model->api_calls, api_call_order);
    cdpl_find_block_barriers(context);
    cdpl_find_block_exits(context);
    cdpl_find_thread_exits(context);
    cdpl_analyse_reachability(model);
    report_conditional_launches(context);
    report_hidden_builtins(context);
    report_parse_errors(context);
}

/* Parses and analyses model->source, the bytes of `path`. */
static bool analyse_source(const char *path, const cdpl_parse_options *options, cdpl_model *model)
{
    static const cdpl_parse_options defaults = {0};
    /* Without the index, locations are found by a scan of the source from its
     * start, which takes minutes for tens of thousands of launch sites. */
    if (!cdpl_model_index_lines(model)) {
        cdpl_model_diagnose(model, CDPL_ERROR, (cdpl_loc){0, 0, NULL}, "out of memory while reading the input");
        return false;
    }
    cdpl_context context = {.model = model};
    CXIndex index = clang_createIndex(0, 0);
    options = options != NULL ? options : &defaults;
    bool built = cdpl_close_spaced_chevrons(model) && cdpl_check_special_includes(&context, path, options) &&
                 cdpl_parse_units(&context, index, path, options);
    /* User headers join the source; the first parse still names them all
     * for the list of includes. */
    if (built && cdpl_inline_user_headers(&context)) {
        cdpl_find_includes(&context);
        cdpl_dispose_units(&context);
        built = cdpl_close_spaced_chevrons(model) && cdpl_parse_units(&context, index, path, options);
    }
    if (built) analyse_units(&context);
    if (context.out_of_memory) {
        cdpl_model_diagnose(model, CDPL_ERROR, (cdpl_loc){0, 0, NULL}, "out of memory while analysing the file");
        built = false;
    }
    order_diagnostics(&context);
    cdpl_dispose_units(&context);
    clang_disposeIndex(index);
    free(context.host_launch_offsets);
    for (size_t c = 0; c < context.nconditional_launches; ++c) free(context.conditional_launches[c].construct);
    free(context.conditional_launches);
    for (size_t h = 0; h < context.nhidden_builtins; ++h) free(context.hidden_builtins[h].through);
    free(context.hidden_builtins);
    cdpl_header_block_reads_dispose(&context);
    free(context.lambda_receivers);
    return built;
}

bool cdpl_analyse_file(const char *path, const cdpl_parse_options *options, cdpl_model *model)
{
    *model = (cdpl_model){0};
    model->main_file = strdup(path);
    if (model->main_file == NULL || !read_source(path, model)) return false;
    if (options != NULL && options->scan_first && cdpl_quick_scan_model(path, options, model)) return true;
    return analyse_source(path, options, model);
}

bool cdpl_analyse_buffer(const char *path, const char *bytes, size_t size, const cdpl_parse_options *options,
                         cdpl_model *model)
{
    *model = (cdpl_model){0};
    model->main_file = strdup(path);
    model->source = malloc(size + 1);
    if (model->main_file == NULL || model->source == NULL) {
        cdpl_model_diagnose(model, CDPL_ERROR, (cdpl_loc){0, 0, NULL}, "cannot read the input: out of memory");
        return false;
    }
    if (size > 0) memcpy(model->source, bytes, size);
    model->source[size] = '\0';
    model->source_size = size;
    return analyse_source(path, options, model);
}
