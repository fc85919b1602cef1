/* Kernels declared and not defined in the files the quick scan reads
 * (scan_kernel_names.h): each `__global__` declaration gives the identifier
 * before its parameter list, and whether a body follows them. */
#include "scan_kernel_names.h"

#include <stdlib.h>

static bool is(const cdpl_scan_token *token, const char *text) { return cdpl_scan_token_is(token, text); }

static bool same(const cdpl_scan_token *a, const cdpl_scan_token *b)
{
    return a->length == b->length && memcmp(a->text, b->text, a->length) == 0;
}

static void note(cdpl_kernel_names *names, cdpl_context *context, bool defined)
{
    for (size_t n = 0; n < names->count; ++n)
        if (same(&names->names[n].name, &names->last_identifier)) {
            names->names[n].defined |= defined;
            return;
        }
    cdpl_kernel_name added = {names->last_identifier, defined};
    cdpl_append(context, &names->names, &names->count, sizeof added, &added);
}

void cdpl_kernel_names_read(cdpl_kernel_names *names, cdpl_context *context, const cdpl_scan_token *token)
{
    switch (names->state) {
    case 0:
        if (is(token, "__global__")) {
            names->state = 1;
            names->has_identifier = false;
        }
        return;
    case 1:
        if (token->kind == CDPL_SCAN_IDENTIFIER) {
            names->last_identifier = *token;
            names->has_identifier = true;
        } else if (is(token, "(") && names->has_identifier) {
            names->state = 2;
            names->parens = 1;
        } else if (is(token, ";") || is(token, "{") || is(token, "}")) {
            names->state = 0;
        }
        return;
    case 2:
        if (is(token, "(")) ++names->parens;
        if (is(token, ")") && --names->parens == 0) names->state = 3;
        return;
    default:
        if (is(token, "{") || is(token, ";") || is(token, ",") || is(token, "=")) {
            note(names, context, is(token, "{"));
            names->state = 0;
        }
        return;
    }
}

bool cdpl_kernel_names_is_foreign(const cdpl_kernel_names *names, const cdpl_scan_token *token)
{
    if (token->kind != CDPL_SCAN_IDENTIFIER) return false;
    for (size_t n = 0; n < names->count; ++n)
        if (same(&names->names[n].name, token)) return !names->names[n].defined;
    return false;
}

void cdpl_kernel_names_free(cdpl_kernel_names *names)
{
    free(names->names);
    *names = (cdpl_kernel_names){0};
}
