/* Which inlined headers go back to being #include lines. A header stays
 * inlined when its text was rewritten; it also stays when its #include line
 * would not find it from the lowered file (a header of another directory
 * including it by a relative name), and when putting it back would include
 * from disk again a #pragma once header whose first inclusion stays inlined
 * (in the lowered file that one has a macro guard, which the disk file
 * knows nothing of). */
#include "headers.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "codegen.h"

static bool inside(cdpl_range region, size_t offset) { return offset >= region.begin && offset < region.end; }

static bool edited(const cdpl_edits *edits, size_t count, cdpl_range region)
{
    for (size_t e = 0; e < count; ++e)
        if (inside(region, edits->items[e].begin)) return true;
    return false;
}

static bool same_directory(const char *a, const char *b)
{
    const char *a_slash = strrchr(a, '/'), *b_slash = strrchr(b, '/');
    size_t a_length = a_slash != NULL ? (size_t)(a_slash - a) : 0, b_length = b_slash != NULL ? (size_t)(b_slash - b) : 0;
    return a_length == b_length && memcmp(a, b, a_length) == 0;
}

/* A later inclusion inside `region` of a #pragma once header whose first
 * inclusion, outside the region, stays inlined. */
static bool includes_kept_once_header(const cdpl_model *model, const bool *restored, cdpl_range region)
{
    for (size_t h = 0; h < model->nheaders; ++h) {
        const cdpl_header *repeat = &model->headers[h];
        if (repeat->first == SIZE_MAX || !inside(region, repeat->region.begin)) continue;
        const cdpl_header *first = &model->headers[repeat->first];
        if (first->pragma_once && !restored[repeat->first] && !inside(region, first->region.begin)) return true;
    }
    return false;
}

void cdpl_restore_headers(const cdpl_model *model, const char *line_file, cdpl_edits *edits)
{
    if (model->nheaders == 0) return;
    size_t count = edits->count;
    bool *restored = calloc(model->nheaders, sizeof *restored); /* put back, by itself or with its includer */
    if (restored == NULL) {
        edits->failed = true;
        return;
    }
    for (size_t h = 0; h < model->nheaders; ++h) {
        const cdpl_header *header = &model->headers[h];
        if (header->parent != SIZE_MAX && restored[header->parent]) {
            restored[h] = true;
            continue;
        }
        bool back;
        if (header->first != SIZE_MAX)
            back = restored[header->first]; /* the disk file's guard skips it, as it did */
        else
            back = !edited(edits, count, header->region) &&
                   (header->parent == SIZE_MAX || same_directory(model->headers[header->parent].path, model->main_file)) &&
                   !includes_kept_once_header(model, restored, header->region);
        if (back) {
            restored[h] = true;
            cdpl_edits_replace(edits, header->region.begin, header->region.end, header->directive);
        } else if (header->parent == SIZE_MAX && header->first == SIZE_MAX) {
            cdpl_edits_replace_owned(edits, header->resume.begin, header->resume.end,
                                     cdpl_codegen_line_directive(header->resume_line, line_file));
        }
    }
    free(restored);
}
