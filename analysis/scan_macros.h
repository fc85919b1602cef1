/* What an identifier may stand for, to the quick scan (quick_scan.h): a
 * mark of device code, something the lowering rewrites, or a macro of a
 * header it does not read. The macros of the files it reads count with
 * every definition, whatever #if chooses among them. */
#ifndef CDPL_SCAN_MACROS_H
#define CDPL_SCAN_MACROS_H

#include <stdbool.h>
#include <stddef.h>

#include "context.h"
#include "scan_tokens.h"

enum {
    /* Makes the function it heads device code: __device__, __global__. */
    CDPL_MARK_DEVICE = 1,
    /* What lowering rewrites in device code: a launch's `<<<`, a device
     * runtime API function (model.h, cdpl_api), a stream that only a launch
     * or the API takes; or `##`, which may paste any of them. */
    CDPL_MARK_LOWERED = 2,
    /* A macro's name that no file read defines: a system header's macro,
     * which may stand for __device__ (CUB_RUNTIME_FUNCTION, _CCCL_DEVICE). */
    CDPL_MARK_UNKNOWN = 4,
    /* A macro whose braces do not pair up: it opens or closes a scope. */
    CDPL_MARK_BRACES = 8,
    /* Tells device code from host code in an #if: __CUDA_ARCH__ and the like. */
    CDPL_MARK_ARCH = 16,
    /* Another name of the CUDA runtime's (`cuda` and a capital): called in
     * a function body (cudaMemcpy, cudaLaunchKernel...) it is lowering's
     * to refuse if the body is device code, as it would not link. A macro
     * that ends with one, or holds one before `(`, is marked
     * CDPL_MARK_LOWERED. */
    CDPL_MARK_RUNTIME_NAME = 32
};

typedef struct cdpl_macro_definition {
    size_t macro;
    size_t first, count;         /* its replacement, in cdpl_macro_table.tokens */
    size_t first_param, nparams; /* its parameters' names, there too */
    bool in_arch_region;         /* under an #if that tests __CUDA_ARCH__ */
} cdpl_macro_definition;

typedef struct cdpl_macro {
    const char *name;
    size_t length;
    unsigned marks;              /* of every definition, and of what they name */
} cdpl_macro;

typedef struct cdpl_macro_table {
    cdpl_macro *macros;
    size_t nmacros;
    size_t *slots;               /* hash table of macros: index + 1, 0 for none */
    size_t nslots;
    cdpl_macro_definition *definitions;
    size_t ndefinitions;
    cdpl_scan_token *tokens;     /* their text stays in the files' cdpl_scan_text */
    size_t ntokens;
} cdpl_macro_table;

/* Records `#define` from its tokens after `define` (name, parameters,
 * replacement). False when out of memory (the context says so). */
bool cdpl_macros_define(cdpl_context *context, cdpl_macro_table *table, const cdpl_scan_token *tokens, size_t count,
                        bool in_arch_region);

/* Gives each macro the marks of its definitions and of the macros they
 * name, once every definition is recorded. */
void cdpl_macros_settle(cdpl_macro_table *table);

/* The marks of a token of code or of an #if condition. */
unsigned cdpl_token_marks(const cdpl_macro_table *table, const cdpl_scan_token *token);

void cdpl_macros_free(cdpl_macro_table *table);

#endif
