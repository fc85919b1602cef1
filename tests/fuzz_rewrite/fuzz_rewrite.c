/* libFuzzer target for the rewriting stage: any bytes, as the contents of a
 * .cu file, go through the pipeline as cdp-lower runs it: libclang parses
 * them from memory, the analysis builds the model, the rewriter turns it
 * into edits, which are sorted and applied to a buffer. No input may crash
 * it, leak, trip a sanitizer, or make two rewrites overlap. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "analyse.h"
#include "edits.h"
#include "large_stack.h"
#include "rewrite.h"

#ifndef CDPL_FUZZ_INPUT_PATH
#error "CDPL_FUZZ_INPUT_PATH must name where the input stands (quoted includes are looked for beside it)"
#endif
#ifndef CDPL_RUNTIME_INCLUDE_DIR
#error "CDPL_RUNTIME_INCLUDE_DIR must name rt/include"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct fuzz_input {
    const uint8_t *data;
    size_t size;
} fuzz_input;

static int lower_in_memory(void *argument)
{
    const fuzz_input *input = argument;
    static const char *const extra_args[] = {"-I" CDPL_RUNTIME_INCLUDE_DIR};
    cdpl_parse_options parse = {.extra_args = extra_args, .nextra_args = 1};
    cdpl_model model;
    bool analysed = cdpl_analyse_buffer(CDPL_FUZZ_INPUT_PATH, (const char *)input->data, input->size, &parse, &model);
    cdpl_edits edits = {0};
    if (analysed && !cdpl_model_has_errors(&model)) {
        cdpl_rewrite_options options = {CDPL_FUZZ_INPUT_PATH, CDPL_TARGET_CUDA};
        cdpl_rewrite(&model, &options, &edits);
    }
    size_t conflict = 0;
    if (!edits.failed && !cdpl_edits_sort(&edits, &conflict)) {
        /* cdp-lower reports this as an internal error: a rewriter bug. */
        fprintf(stderr, "fuzz_rewrite: two rewrites overlap at byte %zu\n", conflict);
        abort();
    }
    if (!edits.failed && !cdpl_model_has_errors(&model)) {
        size_t lowered_size = 0;
        free(cdpl_edits_apply(&edits, model.source, model.source_size, &lowered_size));
    }
    cdpl_edits_free(&edits);
    cdpl_model_free(&model);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input input = {data, size};
    return cdpl_run_on_large_stack(lower_in_memory, &input, CDPL_FUZZ_INPUT_PATH);
}
