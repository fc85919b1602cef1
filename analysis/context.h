/* State shared by the analysis passes of one file: the model being filled
 * and the two libclang parses it is filled from. Internal to analysis/. */
#ifndef CDPL_CONTEXT_H
#define CDPL_CONTEXT_H

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stddef.h>

#include "model.h"

typedef struct cdpl_unit {
    CXTranslationUnit tu;
    CXFile main_file;
    bool device_side; /* parsed with --cuda-device-only: sees #if __CUDA_ARCH__ code */
} cdpl_unit;

/* A host-side launch that is fine as long as its kernel stays native, and
 * cannot be rewritten if the kernel turns out to run through the runtime
 * (known only after reachability). */
typedef struct cdpl_conditional_launch {
    size_t kernel;
    cdpl_loc loc;
    char *construct; /* what hides it, e.g. "from a use of macro 'M' that ..." (owned) */
} cdpl_conditional_launch;

/* A launch written partly in a macro's definition and partly outside it
 * (its kernel name a macro argument, say), waiting for every such launch
 * to be known: macro_launches.c then finds it in the expansion of a macro
 * use, which the lowering writes in the use's place. */
typedef struct cdpl_split_launch {
    const cdpl_unit *unit;
    size_t use;             /* where the outermost macro use holding it is */
    size_t callee;          /* where the source spells its kernel's name; SIZE_MAX: elsewhere */
    size_t chevrons;        /* where the source spells its `<<<`; SIZE_MAX: elsewhere */
    bool reported;          /* found by the device-side parse's report, which tells only
                               one of the two: the kernel is read from the expansion */
    cdpl_launch_site site;  /* what the host-side walk knows: kernel, caller, sides, stream */
} cdpl_split_launch;

/* A blockIdx/gridDim use that cannot be rewritten in place; an error only
 * if its function turns out to read the virtual block. */
typedef struct cdpl_hidden_builtin {
    size_t function;
    cdpl_loc loc;
    char *through; /* the header function called here that reads them; NULL: a macro */
} cdpl_hidden_builtin;

/* Whether a function outside the main file reads blockIdx or gridDim
 * (header_block_reads.c), by USR. */
typedef struct cdpl_header_read {
    char *usr;
    bool reads;
} cdpl_header_read;

/* A __device__ lambda written in host code, and a kernel that runs it (its
 * launch takes the lambda as an argument); one entry per such kernel, or
 * one with kernel SIZE_MAX when the lambda is used otherwise too. */
typedef struct cdpl_lambda_receiver {
    cdpl_range extent;
    size_t kernel;
} cdpl_lambda_receiver;

typedef struct cdpl_context {
    cdpl_model *model;
    cdpl_unit host;
    cdpl_unit device;

    /* Callee-name and `<<<` offsets of every launch the host parse handled,
     * so that the device parse's diagnostics about them are not taken for
     * launches under #if __CUDA_ARCH__. */
    size_t nhost_launch_offsets;
    size_t *host_launch_offsets;

    size_t nconditional_launches;
    cdpl_conditional_launch *conditional_launches;

    size_t nsplit_launches;
    cdpl_split_launch *split_launches;

    size_t nhidden_builtins;
    cdpl_hidden_builtin *hidden_builtins;

    size_t nlambda_receivers;
    cdpl_lambda_receiver *lambda_receivers;

    size_t nheader_reads;
    cdpl_header_read *header_reads;

    /* The parser's own errors, reported last, start here among the model's
     * diagnostics; they keep the order clang reports them in. */
    bool parse_errors_reported;
    /* The host-side parse stopped at clang's limit of errors, and was run
     * again without one (parse.c): the file counts as one clang could not
     * read through, as such a stop otherwise says (needs_rewriting.c). */
    bool host_hit_error_limit;
    size_t first_parse_error;

    bool out_of_memory;
} cdpl_context;

/* Appends one element of `size` bytes to the array at *items; on failure
 * marks the context out of memory and leaves the array as it was. The array
 * must have been grown by cdpl_append alone (its capacity follows from
 * *count, which others may only lower). */
bool cdpl_append(cdpl_context *context, void *items, size_t *count, size_t size, const void *item);

/* strdup that marks the context out of memory on failure. */
char *cdpl_strdup(cdpl_context *context, const char *text);

#endif
