/* A file with nothing to rewrite comes out as it went in, so errors clang
 * reports there cannot make the output wrong (nvcc, which compiles it,
 * reports the real ones): analyse.c then reports them as warnings. This
 * file says when that holds. */
#include "needs_rewriting.h"

#include <stdlib.h>
#include <string.h>

#include "source.h"

/* A use of a kernel's name that is no launch of it: a kernel that another
 * file defines, used so, asks the runtime once lowered (lower/rewrite.c). */
static bool used_other_than_launched(const cdpl_model *model, size_t kernel)
{
    const cdpl_function *function = &model->functions[kernel];
    for (size_t r = 0; r < function->nname_refs; ++r) {
        bool launch = false;
        for (size_t l = 0; l < model->nlaunches && !launch; ++l)
            launch = model->launches[l].kernel == kernel &&
                     model->launches[l].callee_name.begin == function->name_refs[r].begin;
        if (!launch) return true;
    }
    return false;
}

static bool model_has_rewrites(const cdpl_model *model)
{
    if (model->nkernel_launch_calls > 0) return true;
    for (size_t f = 0; f < model->nfunctions; ++f)
        if (model->functions[f].side == CDPL_SIDE_KERNEL && !model->functions[f].has_body &&
            used_other_than_launched(model, f))
            return true;
    for (size_t l = 0; l < model->nlaunches; ++l)
        if (model->launches[l].device_side) return true;
    for (size_t c = 0; c < model->napi_calls; ++c)
        if (model->api_calls[c].device_side) return true;
    for (size_t f = 0; f < model->nfunctions; ++f) {
        const cdpl_function *function = &model->functions[f];
        if (function->runs_in_runtime || function->virtualized || function->needs_native_prologue) return true;
    }
    return false;
}

static int by_offset(const void *left, const void *right)
{
    size_t a = *(const size_t *)left, b = *(const size_t *)right;
    return (a > b) - (a < b);
}

/* A `<<<` token that is no launch either parse found: broken code may hide
 * a device-side launch. Out of memory counts as one. The launches' offsets
 * are sorted first: a file may hold thousands of launches. */
static bool has_unaccounted_launch(cdpl_context *context)
{
    size_t count = context->nhost_launch_offsets;
    size_t *seen = malloc((count + 1) * sizeof *seen);
    cdpl_tokens tokens;
    if (seen == NULL ||
        !cdpl_tokenize(context, &context->host, (cdpl_range){0, context->model->source_size}, &tokens)) {
        free(seen);
        return true;
    }
    if (count > 0) memcpy(seen, context->host_launch_offsets, count * sizeof *seen);
    qsort(seen, count, sizeof *seen, by_offset);
    bool unaccounted = false;
    for (unsigned t = 0; t < tokens.count && !unaccounted; ++t)
        unaccounted = cdpl_token_is(context->model, &tokens, t, "<<<") &&
                      bsearch(&tokens.ranges[t].begin, seen, count, sizeof *seen, by_offset) == NULL;
    cdpl_tokens_dispose(&tokens);
    free(seen);
    return unaccounted;
}

/* Clang stops after too many errors (the one fatal error libclang reports
 * as such): what follows was not seen, and may need rewriting. */
static bool stopped_early(const cdpl_unit *unit)
{
    bool fatal = false;
    unsigned count = clang_getNumDiagnostics(unit->tu);
    for (unsigned d = 0; d < count && !fatal; ++d) {
        CXDiagnostic diagnostic = clang_getDiagnostic(unit->tu, d);
        fatal = clang_getDiagnosticSeverity(diagnostic) == CXDiagnostic_Fatal;
        clang_disposeDiagnostic(diagnostic);
    }
    return fatal;
}

bool cdpl_needs_rewriting(cdpl_context *context)
{
    return model_has_rewrites(context->model) || context->host_hit_error_limit || stopped_early(&context->host) ||
           has_unaccounted_launch(context);
}
