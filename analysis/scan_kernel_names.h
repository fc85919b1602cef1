/* The kernels that the files the quick scan reads declare without
 * defining: kernels of another file of the program, which may run through
 * the runtime once that file is lowered. Host code that uses one's address
 * (a query, cudaLaunchKernel, a pointer) must ask the runtime what it
 * stands for, so such a file needs lowering; a <<<>>> launch of one does
 * not (it reaches the kernel's own name, which the defining file makes a
 * host function: cdpl_host_names.cuh). */
#ifndef CDPL_SCAN_KERNEL_NAMES_H
#define CDPL_SCAN_KERNEL_NAMES_H

#include <stdbool.h>
#include <stddef.h>

#include "context.h"
#include "scan_tokens.h"

typedef struct cdpl_kernel_name {
    cdpl_scan_token name;
    bool defined;             /* some declaration of it has a body */
} cdpl_kernel_name;

typedef struct cdpl_kernel_names {
    cdpl_kernel_name *names;
    size_t count;
    /* The `__global__` declaration being read: 0 none, 1 its head, 2 its
     * parameters (`parens` deep), 3 after them, up to `{`, `;` or `,`. */
    int state;
    int parens;
    cdpl_scan_token last_identifier;
    bool has_identifier;
} cdpl_kernel_names;

/* Reads one token of code (the scan's first reading). */
void cdpl_kernel_names_read(cdpl_kernel_names *names, cdpl_context *context, const cdpl_scan_token *token);
/* Whether `token` names a kernel declared and defined nowhere the scan read. */
bool cdpl_kernel_names_is_foreign(const cdpl_kernel_names *names, const cdpl_scan_token *token);
void cdpl_kernel_names_free(cdpl_kernel_names *names);

#endif
