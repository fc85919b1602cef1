/* The text cdp-lower adds for each kernel that runs through the runtime:
 * a launcher (what every launch of the kernel becomes), the parameter
 * layout, the entry kernel the runtime launches, and its registration. */
#ifndef CDPL_CODEGEN_H
#define CDPL_CODEGEN_H

#include "model.h"

/* What codegen needs to know about one runtime kernel. */
typedef struct cdpl_kernel_plan {
    const cdpl_function *kernel;
    const char *stem;          /* unique in the file: names cdpl_entry_<stem> etc. */
    unsigned int id;           /* the runtime's kernel id */
    const char *launch_bounds; /* `__launch_bounds__(...)` text for the entry, or NULL */
    bool waits_at_barrier;     /* the kernel (a template: any of its specializations too)
                                  may wait at a block-wide barrier */
    bool launches_itself;      /* see cdpl_function.launches_itself */
    bool launches_itself_in_one_block; /* see cdpl_function */
    bool threads_may_leave_alone;      /* see cdpl_function; a template: any of its
                                          specializations too */
    bool launches_nothing;     /* see cdpl_function */
    bool completion_unobserved;/* see cdpl_function */
    /* Declared here and defined in another file of the program: only its
     * launcher and a registration under its name's host address
     * (cdpl_codegen_foreign_support). */
    bool foreign;
    /* Its body becomes cdpl_kernel_<stem>, and its name in host code a host
     * function of this file (cdpl_host_names.cuh): a kernel of external
     * linkage that another file's host code may launch or ask about. */
    bool renamed;
    /* A kernel template (NULL otherwise): its template parameter list as
     * the launcher's first declaration writes it (default arguments
     * included), as the generated templates write it (each parameter
     * named), and the template arguments that name those parameters. */
    const char *template_declaration;
    const char *template_parameters;
    const char *template_arguments;
} cdpl_kernel_plan;

/* FNV-1a of the kernel's USR: stable across runs and files. A kernel of
 * internal linkage hashes `unit` (the lowered file's path) first: its USR
 * names only the file's base name, which two files of a program may share.
 * So does a kernel template, whose entry only serves its own file. */
unsigned int cdpl_kernel_id(const cdpl_function *kernel, const char *unit);

/* `static __global__ void cdpl_entry_k(cdpl_wave); ` (with_entry), then
 * `__host__ __device__ void cdpl_launch_k(cdpl_launch_config, int, float *); `
 * for the line before a declaration of the kernel. `defaults` is NULL or
 * holds, per parameter, the default argument that declaration gives (or
 * NULL): the launcher gets the same ones. The launcher is named after the
 * kernel, not the stem, so overloaded kernels get overloaded launchers. */
char *cdpl_codegen_launcher_declaration(const cdpl_kernel_plan *plan, const char *const *defaults, bool with_entry);

/* The block inserted after the kernel's definition, starting and ending with
 * a newline, the last line being `#line <resume_line> "<file>"`. */
char *cdpl_codegen_kernel_support(const cdpl_kernel_plan *plan, unsigned resume_line, const char *file);

/* The same for a kernel template. Every instantiation shares one entry
 * kernel and one kernel id: a launch packs, before the arguments, the
 * device address of the instantiation's body (a __device__ function
 * template that unpacks them and calls the kernel), which the entry calls.
 * Each parameter whose type depends on a template parameter has a budget
 * of CDPL_TEMPLATE_PARAM_BUDGET bytes in the runtime's records; an
 * instantiation that needs more fails to compile, with a message. */
char *cdpl_codegen_template_support(const cdpl_kernel_plan *plan, unsigned resume_line, const char *file);

/* The block inserted after the last declaration of a foreign kernel (plan
 * `foreign`): its parameter layout, its launcher and its registration. */
char *cdpl_codegen_foreign_support(const cdpl_kernel_plan *plan, unsigned resume_line, const char *file);

/* What the kernel's body is called once lowered: cdpl_kernel_<stem> where
 * the plan renames it, else the kernel's own name. */
char *cdpl_codegen_body_name(const cdpl_kernel_plan *plan);

/* The registration inserted after a kernel outside the runtime that device
 * code asks cudaFuncGetAttributes or an occupancy calculator about; the
 * same shape as the support block. `index` makes its name unique. */
char *cdpl_codegen_queried_kernel(const cdpl_function *kernel, size_t index, unsigned int id,
                                  unsigned resume_line, const char *file);

/* `#line N "file"` followed by a newline, with the file name escaped. */
char *cdpl_codegen_line_directive(unsigned line, const char *file);

/* `cdpl_launch_k`: what a launch of kernel `k` calls once lowered (the
 * rewriter's calls, the report's `rewritten_to`). */
char *cdpl_codegen_launcher_name(const cdpl_function *kernel);

/* The type of parameter `p` of `kernel` as its launch record holds it,
 * spelled as the lowered code spells it (the report's `params`). */
char *cdpl_codegen_parameter_type(const cdpl_function *kernel, size_t p);

#endif
