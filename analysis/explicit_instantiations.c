/* `template __global__ void k<int>(int *);` and `extern template ...`:
 * libclang shows an explicit instantiation as no cursor, so they are read
 * from the main file's tokens. A kernel template that runs through the
 * runtime becomes a __device__ function template, and its instantiations
 * must say so too (nvcc refuses `__global__` on an instantiation of a
 * __device__ template); the rewrite edits them. */
#include "explicit_instantiations.h"

#include <stdint.h>
#include <string.h>

#include "source.h"

/* The kernel template the declaration at tokens [first, end) instantiates,
 * or SIZE_MAX: its name is the identifier before the template arguments
 * before the first `(`. */
static size_t instantiated_kernel(const cdpl_model *model, const cdpl_tokens *tokens, unsigned first, unsigned end,
                                  unsigned *name)
{
    const unsigned before = cdpl_declared_name(model, tokens, first, end);
    if (before >= tokens->count || before < first + 1) return SIZE_MAX;
    const cdpl_range spelled = tokens->ranges[before];
    for (size_t f = 0; f < model->nfunctions; ++f) {
        const cdpl_function *function = &model->functions[f];
        if (function->side == CDPL_SIDE_KERNEL && function->ntemplate_params > 0 &&
            strlen(function->name) == spelled.end - spelled.begin &&
            memcmp(function->name, model->source + spelled.begin, spelled.end - spelled.begin) == 0) {
            *name = before;
            return f;
        }
    }
    return SIZE_MAX;
}

void cdpl_find_explicit_instantiations(cdpl_context *context)
{
    cdpl_model *model = context->model;
    cdpl_tokens tokens;
    if (!cdpl_tokenize(context, &context->host, (cdpl_range){0, model->source_size}, &tokens)) return;
    for (unsigned t = 0; t + 1 < tokens.count; ++t) {
        if (!cdpl_token_is(model, &tokens, t, "template") || cdpl_token_is(model, &tokens, t + 1, "<")) continue;
        unsigned end = t + 1, global = tokens.count;
        int depth = 0;
        for (; end < tokens.count && !(depth == 0 && cdpl_token_is(model, &tokens, end, ";")); ++end) {
            if (cdpl_token_is(model, &tokens, end, "(") || cdpl_token_is(model, &tokens, end, "{")) ++depth;
            else if (cdpl_token_is(model, &tokens, end, ")") || cdpl_token_is(model, &tokens, end, "}")) --depth;
            else if (depth == 0 && cdpl_token_is(model, &tokens, end, "__global__")) global = end;
            if (depth < 0) break;
        }
        if (global == tokens.count || end >= tokens.count || depth != 0) continue;
        unsigned name = 0;
        size_t kernel = instantiated_kernel(model, &tokens, t + 1, end, &name);
        if (kernel == SIZE_MAX) continue;
        cdpl_function *function = &model->functions[kernel];
        size_t count = function->ninstantiations;
        if (!cdpl_append(context, &function->instantiation_globals, &count, sizeof(cdpl_range), &tokens.ranges[global]) ||
            !cdpl_append(context, &function->instantiation_names, &function->ninstantiations, sizeof(cdpl_range),
                         &tokens.ranges[name]))
            break;
        t = end;
    }
    cdpl_tokens_dispose(&tokens);
}
