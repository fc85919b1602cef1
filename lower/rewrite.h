/* From the analysis's model to text edits: the whole lowering, as data. */
#ifndef CDPL_REWRITE_H
#define CDPL_REWRITE_H

#include "edits.h"
#include "model.h"

typedef struct cdpl_rewrite_options {
    const char *line_file; /* the file name #line directives name */
} cdpl_rewrite_options;

/* Adds the edits that lower `model` to `edits`. Constructs that cannot be
 * lowered faithfully become error diagnostics in the model; the caller
 * writes nothing when the model has errors. No edit at all means the file
 * needs no lowering and must be left byte for byte as it is. */
void cdpl_rewrite(cdpl_model *model, const cdpl_rewrite_options *options, cdpl_edits *edits);

#endif
