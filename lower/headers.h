/* The user headers that the analysis read into the main file's source
 * (analysis/headers.c) come out as they went in unless they were lowered. */
#ifndef CDPL_LOWER_HEADERS_H
#define CDPL_LOWER_HEADERS_H

#include "edits.h"
#include "model.h"

/* Adds the edits that put back the #include line of every header whose
 * text the other edits leave alone, where the line still finds the header
 * from the lowered file (it is in the main file, or in a header of the main
 * file's directory). A header that is lowered stays in the lowered file,
 * between #line directives naming it; `line_file` is what those name for
 * the main file. Call after every other edit is made. */
void cdpl_restore_headers(const cdpl_model *model, const char *line_file, cdpl_edits *edits);

#endif
