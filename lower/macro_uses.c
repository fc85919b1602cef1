/* Writing a macro use's expansion in the use's place. The expansion's
 * tokens are copies of text the source spells (in the macro's definition,
 * in the use's arguments) or text the expansion made (`#`, `##`); a copy
 * takes the edits the rewriter made to the text it copies, so a name
 * renamed where it is written is renamed in the expansion too. */
#include "macro_uses.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

/* The first of the sorted edits that begins at or after `offset`. */
static size_t first_edit_from(const cdpl_edits *edits, size_t offset)
{
    size_t low = 0, high = edits->count;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (edits->items[middle].begin < offset) low = middle + 1;
        else high = middle;
    }
    return low;
}

/* The source's text at `range` with the edits inside it; false when an
 * edit reaches past its end. */
static bool edited_text(const cdpl_model *model, const cdpl_edits *edits, cdpl_range range, cdpl_text *out)
{
    size_t at = range.begin;
    for (size_t e = first_edit_from(edits, range.begin); e < edits->count && edits->items[e].begin < range.end; ++e) {
        const cdpl_edit *edit = &edits->items[e];
        if (edit->end > range.end) return false;
        cdpl_text_append(out, model->source + at, edit->begin - at);
        cdpl_text_puts(out, edit->text);
        at = edit->end;
    }
    cdpl_text_append(out, model->source + at, range.end - at);
    return true;
}

/* The use's expansion, one line, and the line breaks the use took after
 * it; NULL when an edit of its text reaches past one of its tokens. */
static char *write_use(const cdpl_model *model, const cdpl_edits *edits, const cdpl_edits *own,
                       const cdpl_macro_use *use)
{
    cdpl_text out = {0};
    char previous = use->whole.begin > 0 ? model->source[use->whole.begin - 1] : '\0';
    size_t next_own = 0;
    bool whole = true;
    for (size_t t = 0; t < use->ntokens && whole; ++t) {
        const cdpl_expansion_token *token = &use->tokens[t];
        cdpl_text piece = {0};
        bool replaced = false;
        for (; next_own < own->count && own->items[next_own].begin == t; ++next_own) {
            cdpl_text_puts(&piece, own->items[next_own].text);
            replaced = replaced || own->items[next_own].end > t;
        }
        if (!replaced && token->made != NULL) cdpl_text_puts(&piece, token->made);
        else if (!replaced) whole = edited_text(model, edits, token->written, &piece);
        if (piece.size > 0 && cdpl_expansion_space_before(use, t, previous, piece.bytes[0])) cdpl_text_puts(&out, " ");
        if (piece.size > 0) {
            cdpl_text_append(&out, piece.bytes, piece.size);
            previous = piece.bytes[piece.size - 1];
        }
        cdpl_text_free(&piece);
    }
    char next = use->whole.end < model->source_size ? model->source[use->whole.end] : '\0';
    if (cdpl_expansion_space_before(use, use->ntokens, previous, next)) cdpl_text_puts(&out, " ");
    cdpl_loc begin = cdpl_loc_at(model, use->whole.begin), end = cdpl_loc_at(model, use->whole.end);
    size_t breaks = 0;
    for (size_t c = 0; c < out.size; ++c) breaks += out.bytes[c] == '\n';
    if (end.line > begin.line) {
        for (; breaks < end.line - begin.line; ++breaks) cdpl_text_puts(&out, "\n");
        for (unsigned c = 1; c < end.column; ++c) cdpl_text_puts(&out, " ");
    }
    if (!whole) cdpl_text_free(&out);
    return whole ? cdpl_text_take(&out) : NULL;
}

/* A kernel's name given to a macro is renamed where the expansion launches
 * it; anywhere else there it would still name the kernel, which no longer
 * is one. */
static void check_kernel_names(cdpl_model *model, size_t u, const cdpl_edits *own)
{
    const cdpl_macro_use *use = &model->macro_uses[u];
    for (size_t l = 0; l < model->nlaunches; ++l) {
        const cdpl_launch_site *site = &model->launches[l];
        size_t named = site->expanded[CDPL_LAUNCH_NAME];
        if (site->macro_use != u || named == SIZE_MAX) continue;
        bool renamed = false;
        for (size_t e = 0; e < own->count; ++e) renamed = renamed || (own->items[e].begin == named && own->items[e].end > named);
        for (size_t t = 0; renamed && t < use->ntokens; ++t) {
            bool launched = false;
            for (size_t e = 0; e < own->count; ++e)
                launched = launched || (own->items[e].begin == t && own->items[e].end > t);
            if (!launched && use->tokens[t].made == NULL && use->tokens[t].written.begin == site->callee_name.begin &&
                use->tokens[t].written.end == site->callee_name.end) {
                cdpl_model_diagnose(model, CDPL_ERROR, cdpl_loc_at(model, use->whole.begin),
                                    "kernel '%s', given to macro '%s', is used in its expansion other than as the "
                                    "kernel it launches; cdp-lower can only rewrite its launch",
                                    model->functions[site->kernel].name, use->macro);
                return;
            }
        }
    }
}

static bool inside(cdpl_range use, const cdpl_edit *edit)
{
    bool at_an_end = edit->begin == edit->end && (edit->begin == use.begin || edit->begin == use.end);
    return use.begin <= edit->begin && edit->end <= use.end && !at_an_end;
}

void cdpl_write_macro_uses(cdpl_model *model, cdpl_edits *token_edits, cdpl_edits *edits)
{
    bool any = false;
    for (size_t u = 0; u < model->nmacro_uses; ++u) any = any || token_edits[u].count > 0;
    size_t conflict = 0;
    /* Overlapping edits are an error that the caller's own sort reports. */
    if (!any || edits->failed || !cdpl_edits_sort(edits, &conflict)) return;
    char **written = calloc(model->nmacro_uses, sizeof *written);
    if (written == NULL) {
        edits->failed = true;
        return;
    }
    for (size_t u = 0; u < model->nmacro_uses; ++u) {
        if (token_edits[u].count == 0 || !cdpl_edits_sort(&token_edits[u], &conflict)) continue;
        check_kernel_names(model, u, &token_edits[u]);
        written[u] = write_use(model, edits, &token_edits[u], &model->macro_uses[u]);
        if (written[u] == NULL)
            cdpl_model_diagnose(model, CDPL_ERROR, cdpl_loc_at(model, model->macro_uses[u].whole.begin),
                                "internal error: a rewrite of the text that macro '%s' expands to reaches past "
                                "one of its tokens",
                                model->macro_uses[u].macro);
    }
    /* The edits inside a use written out are in its expansion, or are of
     * text the expansion leaves out (an argument its macro does not use). */
    size_t kept = 0;
    for (size_t e = 0; e < edits->count; ++e) {
        bool dropped = false;
        for (size_t u = 0; u < model->nmacro_uses && !dropped; ++u)
            dropped = written[u] != NULL && inside(model->macro_uses[u].whole, &edits->items[e]);
        if (dropped) free(edits->items[e].text);
        else edits->items[kept++] = edits->items[e];
    }
    edits->count = kept;
    for (size_t u = 0; u < model->nmacro_uses; ++u)
        if (written[u] != NULL)
            cdpl_edits_replace_owned(edits, model->macro_uses[u].whole.begin, model->macro_uses[u].whole.end,
                                     written[u]);
    free(written);
}
