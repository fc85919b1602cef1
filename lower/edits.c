#define _POSIX_C_SOURCE 200809L
#include "edits.h"

#include <stdlib.h>
#include <string.h>

#include "text.h"

void cdpl_edits_replace_owned(cdpl_edits *edits, size_t begin, size_t end, char *text)
{
    if (text == NULL) edits->failed = true;
    if (edits->failed) {
        free(text);
        return;
    }
    if (edits->count == edits->capacity) {
        size_t capacity = edits->capacity ? edits->capacity * 2 : 64;
        cdpl_edit *items = realloc(edits->items, capacity * sizeof *items);
        if (items == NULL) {
            edits->failed = true;
            free(text);
            return;
        }
        edits->items = items;
        edits->capacity = capacity;
    }
    edits->items[edits->count] = (cdpl_edit){begin, end, text, (long)edits->count};
    ++edits->count;
}

void cdpl_edits_replace(cdpl_edits *edits, size_t begin, size_t end, const char *text)
{
    cdpl_edits_replace_owned(edits, begin, end, strdup(text));
}

void cdpl_edits_insert(cdpl_edits *edits, size_t at, const char *text) { cdpl_edits_replace(edits, at, at, text); }

void cdpl_edits_insert_first_owned(cdpl_edits *edits, size_t at, char *text)
{
    size_t count = edits->count;
    cdpl_edits_replace_owned(edits, at, at, text);
    if (edits->count > count) edits->items[count].order = -1;
}

void cdpl_edits_free(cdpl_edits *edits)
{
    for (size_t i = 0; i < edits->count; ++i) free(edits->items[i].text);
    free(edits->items);
    *edits = (cdpl_edits){0};
}

static int by_position(const void *a, const void *b)
{
    const cdpl_edit *x = a, *y = b;
    if (x->begin != y->begin) return x->begin < y->begin ? -1 : 1;
    /* At one offset, insertions go before the replacement that starts there. */
    if ((x->end == x->begin) != (y->end == y->begin)) return x->end == x->begin ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

static bool same_edit(const cdpl_edit *a, const cdpl_edit *b)
{
    return a->begin == b->begin && a->end == b->end && strcmp(a->text, b->text) == 0;
}

bool cdpl_edits_sort(cdpl_edits *edits, size_t *conflict)
{
    /* No edit: the array is NULL, which qsort must not be given. */
    if (edits->count > 1) qsort(edits->items, edits->count, sizeof *edits->items, by_position);
    /* Text in a macro's definition is rewritten once for all its uses, which
     * each ask for the same edit. */
    size_t kept = 0;
    for (size_t i = 0; i < edits->count; ++i) {
        bool repeat = false;
        for (size_t k = kept; k-- > 0 && edits->items[k].begin == edits->items[i].begin && !repeat;)
            repeat = same_edit(&edits->items[k], &edits->items[i]);
        if (repeat)
            free(edits->items[i].text);
        else
            edits->items[kept++] = edits->items[i];
    }
    edits->count = kept;
    for (size_t i = 1; i < edits->count; ++i)
        if (edits->items[i].begin < edits->items[i - 1].end) {
            *conflict = edits->items[i].begin;
            return false;
        }
    return true;
}

char *cdpl_edits_apply(const cdpl_edits *edits, const char *source, size_t size, size_t *out_size)
{
    cdpl_text out = {0};
    size_t at = 0;
    for (size_t i = 0; i < edits->count; ++i) {
        const cdpl_edit *edit = &edits->items[i];
        cdpl_text_append(&out, source + at, edit->begin - at);
        cdpl_text_puts(&out, edit->text);
        at = edit->end;
    }
    cdpl_text_append(&out, source + at, size - at);
    *out_size = out.size;
    return cdpl_text_take(&out);
}
