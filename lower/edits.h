/* Text edits on the original bytes: replace [begin, end) with new text.
 * The rewriter only produces edits; emit.c applies them. */
#ifndef CDPL_EDITS_H
#define CDPL_EDITS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct cdpl_edit {
    size_t begin;
    size_t end;        /* == begin for an insertion */
    char *text;        /* owned */
    long order;        /* insertion order, to keep insertions at one offset stable */
} cdpl_edit;

typedef struct cdpl_edits {
    cdpl_edit *items;
    size_t count;
    size_t capacity;
    bool failed;       /* an allocation failed */
} cdpl_edits;

void cdpl_edits_replace(cdpl_edits *edits, size_t begin, size_t end, const char *text);
/* Takes ownership of `text` (which may be NULL after a failed allocation). */
void cdpl_edits_replace_owned(cdpl_edits *edits, size_t begin, size_t end, char *text);
void cdpl_edits_insert(cdpl_edits *edits, size_t at, const char *text);
/* An insertion at `at` that goes before every other insertion there. */
void cdpl_edits_insert_first_owned(cdpl_edits *edits, size_t at, char *text);
void cdpl_edits_free(cdpl_edits *edits);

/* Sorts the edits and drops exact repeats (same range, same text); returns
 * false if two replacements overlap, and sets *conflict to the offset of the
 * later one. */
bool cdpl_edits_sort(cdpl_edits *edits, size_t *conflict);

/* Applies sorted edits to `source`; returns NULL when out of memory. */
char *cdpl_edits_apply(const cdpl_edits *edits, const char *source, size_t size, size_t *out_size);

#endif
