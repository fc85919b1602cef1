/* From the analysis's model to text edits: the whole lowering, as data. */
#ifndef CDPL_REWRITE_H
#define CDPL_REWRITE_H

#include "edits.h"
#include "model.h"

/* What the lowered file is compiled for. */
typedef enum cdpl_target {
    CDPL_TARGET_CUDA, /* nvcc or clang */
    CDPL_TARGET_HIP   /* hipcc: the file includes the CUDA-to-HIP mapping (cdpl_gpu.h) */
} cdpl_target;

typedef struct cdpl_rewrite_options {
    const char *line_file; /* the file name #line directives name */
    cdpl_target target;
} cdpl_rewrite_options;

/* Adds the edits that lower `model` to `edits`. Constructs that cannot be
 * lowered faithfully become error diagnostics in the model; the caller
 * writes nothing when the model has errors. No edit at all means the file
 * needs no lowering and must be left byte for byte as it is; for HIP, such a
 * file still gets the mapping's #include. */
void cdpl_rewrite(cdpl_model *model, const cdpl_rewrite_options *options, cdpl_edits *edits);

#endif
