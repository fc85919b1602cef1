/* Which blockIdx/gridDim uses of a kernel's body can read a copy of the
 * virtual block that the body takes when it starts, rather than the block's
 * context in shared memory. The virtual block does not change while a body
 * runs, but a generic store may alias shared memory, so the compiler loads
 * the context again after every such store: in a grid-stride loop, once an
 * element (docs/benchmarks.md). A copy in a local variable stays in a
 * register.
 *
 * A use reads the copy only where the body's own locals are in scope, and
 * only where it is written for this body alone: not in a lambda or a local
 * class, not in code that only the device-side reading by tokens saw, and
 * not in a #define written inside the body, whose expansions may be
 * elsewhere. */
#include "body_block_copies.h"

#include <stdlib.h>

#include "source.h"

static bool in_range(cdpl_range range, cdpl_range inner)
{
    return inner.begin >= range.begin && inner.end <= range.end;
}

static bool reads_copy(const cdpl_model *model, const cdpl_function *kernel, cdpl_range use)
{
    if (!in_range(kernel->body, use) || cdpl_in_directive(model, use.begin)) return false;
    for (size_t c = 0; c < kernel->nclosed_ranges; ++c)
        if (in_range(kernel->closed_ranges[c], use)) return false;
    return true;
}

void cdpl_find_body_block_copies(cdpl_context *context)
{
    cdpl_model *model = context->model;
    for (size_t f = 0; f < model->nfunctions; ++f) {
        cdpl_function *kernel = &model->functions[f];
        if (kernel->side != CDPL_SIDE_KERNEL || !kernel->has_body || kernel->nbuiltin_refs == 0) continue;
        /* The copy is declared after the body's opening brace. */
        if (model->source[kernel->body.begin] != '{') continue;
        kernel->builtin_ref_reads_copy = calloc(kernel->nbuiltin_refs, sizeof *kernel->builtin_ref_reads_copy);
        if (kernel->builtin_ref_reads_copy == NULL) {
            context->out_of_memory = true;
            return;
        }
        for (size_t r = 0; r < kernel->nbuiltin_refs; ++r)
            kernel->builtin_ref_reads_copy[r] = reads_copy(model, kernel, kernel->builtin_refs[r]);
    }
}
