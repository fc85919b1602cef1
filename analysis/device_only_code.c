/* The device-side parse drops a whole statement that contains a launch
 * (`if (ready()) child<<<gridDim.x, 1>>>();` leaves nothing), so under
 * #if __CUDA_ARCH__ its AST can miss blockIdx/gridDim uses and calls that
 * reachability needs. Those regions are read again by tokens: identifiers
 * `blockIdx`/`gridDim`, names of this file's functions followed by `(`, and
 * device runtime API calls.
 * Over-approximating here only virtualizes more code, which stays correct. */
#include "device_only_code.h"

#include <stdint.h>
#include <string.h>

#include "api_calls.h"
#include "functions.h"
#include "source.h"

typedef struct skipped_ranges {
    CXSourceRangeList *list;
    const cdpl_unit *unit;
} skipped_ranges;

static bool is_skipped(const skipped_ranges *skipped, size_t offset)
{
    for (unsigned r = 0; r < skipped->list->count; ++r) {
        cdpl_range range;
        if (cdpl_main_range(skipped->unit, skipped->list->ranges[r], &range) && offset >= range.begin &&
            offset < range.end)
            return true;
    }
    return false;
}

static void add_calls_named(cdpl_context *context, size_t caller, cdpl_range name)
{
    const cdpl_model *model = context->model;
    for (size_t f = 0; f < model->nfunctions; ++f)
        if (model->functions[f].side != CDPL_SIDE_KERNEL && cdpl_text_is(model, name, model->functions[f].name))
            cdpl_add_callee(context, caller, f);
}

static void read_region(cdpl_context *context, cdpl_range region, const skipped_ranges *device_skipped)
{
    const cdpl_model *model = context->model;
    cdpl_tokens tokens;
    if (!cdpl_tokenize(context, &context->device, region, &tokens)) return;
    for (unsigned t = 0; t < tokens.count; ++t) {
        cdpl_range range = tokens.ranges[t];
        if (!cdpl_token_is_identifier(&tokens, t) || is_skipped(device_skipped, range.begin)) continue;
        size_t function = cdpl_function_enclosing(model, range.begin);
        if (function == SIZE_MAX) continue;
        if (cdpl_text_is(model, range, "blockIdx") || cdpl_text_is(model, range, "gridDim")) {
            cdpl_add_builtin_ref(context, function, range);
            cdpl_add_closed_range(context, function, range);
        }
        else if (cdpl_token_is(model, &tokens, t + 1, "<"))
            add_calls_named(context, function, range);
        else if (cdpl_token_is(model, &tokens, t + 1, "(")) {
            add_calls_named(context, function, range);
            unsigned close = cdpl_matching_bracket(model, &tokens, t + 1);
            if (close < tokens.count)
                cdpl_add_device_api_call(context, function, range, (cdpl_range){range.begin, tokens.ranges[close].end});
        }
    }
    cdpl_tokens_dispose(&tokens);
}

void cdpl_find_device_only_uses(cdpl_context *context)
{
    skipped_ranges host = {clang_getSkippedRanges(context->host.tu, context->host.main_file), &context->host};
    skipped_ranges device = {clang_getSkippedRanges(context->device.tu, context->device.main_file),
                             &context->device};
    if (host.list != NULL && device.list != NULL) {
        for (unsigned r = 0; r < host.list->count; ++r) {
            cdpl_range region;
            if (cdpl_main_range(&context->host, host.list->ranges[r], &region)) read_region(context, region, &device);
        }
    }
    if (host.list != NULL) clang_disposeSourceRangeList(host.list);
    if (device.list != NULL) clang_disposeSourceRangeList(device.list);
}
