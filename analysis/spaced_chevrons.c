#include "spaced_chevrons.h"

#include "source.h"

/* `<<` then `<`: never C++, but after `operator` (`operator<< <T>`). */
static bool spaced_open(const cdpl_model *model, const cdpl_tokens *tokens, unsigned t)
{
    return cdpl_token_is(model, tokens, t, "<<") && t + 1 < tokens->count &&
           cdpl_token_is(model, tokens, t + 1, "<") && !(t > 0 && cdpl_token_is(model, tokens, t - 1, "operator"));
}

void cdpl_find_spaced_chevrons(cdpl_context *context)
{
    cdpl_model *model = context->model;
    for (size_t f = 0; f < model->nfunctions; ++f) {
        const cdpl_function *function = &model->functions[f];
        if (!function->has_body || function->side == CDPL_SIDE_HOST) continue;
        cdpl_tokens tokens;
        if (!cdpl_tokenize(context, &context->host, function->body, &tokens)) return;
        for (unsigned t = 0; t < tokens.count; ++t)
            if (spaced_open(model, &tokens, t))
                cdpl_model_diagnose(model, CDPL_ERROR, cdpl_loc_at(model, tokens.ranges[t].begin),
                                    "this launch's `<<<` is written in pieces (`<< <`, blanks or characters "
                                    "nvcc ignores between them), which nvcc reads as a launch and libclang does "
                                    "not: cdp-lower cannot lower it; write `<<<` and `>>>` whole");
        cdpl_tokens_dispose(&tokens);
    }
}
