/* The plain data model that the analysis produces and the rewriter consumes.
 *
 * Everything here is facts about one translation unit's main file: no libclang
 * types, no text to emit. Source positions are byte offsets into the main
 * file as read from disk, so the rewriter can splice text without re-parsing.
 * Facts about code in included headers are not recorded (the rewriter edits
 * the main file only); a launch found in a header is reported as an error.
 */
#ifndef CDPL_MODEL_H
#define CDPL_MODEL_H

#include <stdbool.h>
#include <stddef.h>

/* [begin, end) byte offsets in the main file. */
typedef struct cdpl_range {
    size_t begin;
    size_t end;
} cdpl_range;

/* A 1-based line and column, for diagnostics and #line directives. */
typedef struct cdpl_loc {
    unsigned line;
    unsigned column;
    const char *file;       /* NULL: the main file; else an included user header's
                               name (owned by the model, see cdpl_header) */
} cdpl_loc;

typedef enum cdpl_stream_kind {
    CDPL_STREAM_NULL,            /* omitted, 0, NULL, nullptr, cudaStreamLegacy */
    CDPL_STREAM_NAMED,           /* any other expression: a stream variable */
    CDPL_STREAM_TAIL,            /* cudaStreamTailLaunch, (cudaStream_t)0x3 */
    CDPL_STREAM_FIRE_AND_FORGET, /* cudaStreamFireAndForget, (cudaStream_t)0x4 */
    CDPL_STREAM_PER_THREAD       /* cudaStreamPerThread, (cudaStream_t)0x2 */
} cdpl_stream_kind;

typedef enum cdpl_function_side {
    CDPL_SIDE_HOST,        /* plain or __host__ */
    CDPL_SIDE_DEVICE,      /* __device__ */
    CDPL_SIDE_HOST_DEVICE, /* __host__ __device__ */
    CDPL_SIDE_KERNEL       /* __global__ */
} cdpl_function_side;

/* `= value` of one parameter in one declaration. */
typedef struct cdpl_default_arg {
    size_t decl_begin;      /* the declaration's decls[] begin */
    size_t param;           /* 0-based */
    cdpl_range value;       /* the expression after `=` */
} cdpl_default_arg;

/* A template parameter of a function template's definition. */
typedef struct cdpl_template_param {
    cdpl_range text;        /* as written, without its default argument */
    char *name;             /* NULL when unnamed */
    bool pack;              /* a parameter pack (`typename... Ts`) */
} cdpl_template_param;

/* One function declared or defined in the main file. Redeclarations of the
 * same entity (same USR) share one cdpl_function. */
typedef struct cdpl_function {
    char *name;             /* unqualified spelling, e.g. "child" */
    char *usr;              /* clang's USR: the identity across redeclarations */
    cdpl_function_side side;
    bool is_template;       /* a function template or a member of a class template */
    bool is_member;         /* a class member (static or not) */
    cdpl_loc loc;           /* of the name in the first declaration */

    /* Every declaration in the main file, definition included. */
    size_t ndecls;
    cdpl_range *decls;        /* whole extent, from its first token (incl. template<>,
                                 static, extern "C" on the same declaration) to its end */
    cdpl_range *global_attrs; /* per declaration: the `__global__` token, or {0,0}
                                 when the attribute is not spelled `__global__` */
    cdpl_range *decl_names;   /* per declaration: its name as spelled there, or {0,0}
                                 where it is not spelled in the source (a macro) */
    cdpl_range *launch_bounds;/* per declaration: `__launch_bounds__(...)` tokens,
                                 or {0,0} when absent */
    size_t ngrid_constants;
    cdpl_range *grid_constants; /* every `__grid_constant__` token of its declarations
                                   (only a __global__ function's parameter may have one) */
    /* A kernel template: its explicit instantiations in the main file
     * (`template __global__ void k<int>(int *);`), which libclang does not
     * show: per instantiation, its `__global__` token and its name. */
    size_t ninstantiations;
    cdpl_range *instantiation_globals;
    cdpl_range *instantiation_names;
    /* Friend declarations of it in classes of the main file (`friend
     * __global__ void k(...);`), which are no declarations libclang lists
     * with the others: per friend declaration, its `__global__` token and
     * its name (analysis/friend_kernels.c). */
    size_t nfriends;
    cdpl_range *friend_globals;
    cdpl_range *friend_names;

    bool has_body;
    cdpl_range body;        /* the definition's `{ ... }`, braces included */

    /* Parameters, kernels and device functions alike. */
    size_t nparams;
    char **param_types;     /* as declared */
    bool *param_decays;     /* declared as an array or a function (perhaps through a
                               typedef): C++ makes it a pointer, which the record holds */
    char **param_elements;  /* declared as an array, not through a typedef: the element
                               type; NULL otherwise */
    char **param_names;     /* NULL entries for unnamed parameters */
    bool is_variadic;

    /* A function template: the template parameters of its definition, and
     * the text between the `<` and `>` of its first declaration's template
     * parameter list (default arguments included). */
    size_t ntemplate_params;
    cdpl_template_param *template_params;
    cdpl_range template_params_text;
    /* An explicit specialization (`template <> ... k<0>(...)`): the function
     * template it specializes, by USR and index; NULL and SIZE_MAX otherwise. */
    char *specialized_usr;
    size_t specializes;

    /* Default arguments, wherever a declaration gives them: the launcher of
     * a runtime kernel is declared with the same ones at the same places. */
    size_t ndefault_args;
    cdpl_default_arg *default_args;

    /* Uses of the builtin variables blockIdx / gridDim in the body. */
    size_t nbuiltin_refs;
    cdpl_range *builtin_refs;
    /* Parts of the body that the body's own local variables may not reach:
     * lambdas and local classes, and the uses found only by reading
     * device-only code as tokens (device_only_code.c), whose enclosing
     * lambda the walk may not have seen. */
    size_t nclosed_ranges;
    cdpl_range *closed_ranges;
    /* Kernel, one per builtin_refs: the use is written in the body itself,
     * where a copy of the virtual block that the body takes at its start is
     * in scope (analysis/body_block_copies.c). NULL for other functions. */
    bool *builtin_ref_reads_copy;

    /* Every use of this function's name in main-file bodies (the
     * identifier token), launches included; and those among them that are
     * the function argument of an attribute or occupancy query
     * (cudaFuncGetAttributes, cudaFuncSetAttribute, cudaFuncSetCacheConfig,
     * cudaOccupancy...). */
    size_t nname_refs;
    cdpl_range *name_refs;
    size_t nquery_refs;
    cdpl_range *query_refs;

    /* The body, or a function it calls, may wait at a block-wide barrier
     * (__syncthreads, a cooperative-groups sync), or calls code cdp-lower
     * cannot see; true for functions without a body in the main file. */
    bool waits_at_barrier;
    /* Kernel: a thread may return from the body while others of its block
     * go on (analysis/block_exits.c); true for functions without a body in
     * the main file. */
    bool threads_may_leave_alone;
    /* Statements `asm("exit;")` in the body, each from `asm` to its `)`
     * (analysis/thread_exits.c). */
    size_t nthread_exits;
    cdpl_range *thread_exits;

    /* Functions of the main file called from the body (indices into
     * cdpl_model.functions), for reachability. */
    size_t ncallees;
    size_t *callees;
    /* The body calls what has no edge above: through a pointer, a virtual
     * method, a name that only a template's instantiation resolves, or a
     * template of another file (whose body may call what it is given). */
    bool calls_unseen;

    /* Filled by cdpl_analyse_reachability(). */
    bool launched_from_device; /* kernel: some device-side launch targets it */
    bool launches;             /* the body, or a device function it calls, launches or
                                  uses a device stream, event or asynchronous copy */
    bool runs_in_runtime;      /* kernel: must run through the cdpl runtime */
    bool launches_itself;      /* kernel: the body, or a device function it calls, launches
                                  this kernel (a recursion the runtime can run in one launch) */
    bool launches_itself_in_one_block; /* kernel: one of those launches is of a one-block grid
                                  (see cdpl_launch_site.one_block_grid) */
    bool launches_nothing;     /* kernel: neither it nor a device function it reaches launches,
                                  uses a device stream, event or asynchronous copy, or calls
                                  unseen (nor does any explicit specialization of its template) */
    bool completion_unobserved;/* kernel: some device launch starts it fire-and-forget, and
                                  neither it nor a device function it reaches makes a
                                  tail launch or a launch into a stream it names, uses a
                                  device stream, event or asynchronous copy, or calls unseen
                                  (nor does any explicit specialization of its template): a
                                  grid of it launched fire-and-forget is seen complete only by
                                  its parent's count */
    bool reaches_thread_exit;  /* kernel: it or a device function it reaches has a thread exit */
    bool virtualized;          /* blockIdx/gridDim must read the virtual block */
    bool needs_native_prologue;/* kernel not in the runtime that reaches (or has) virtualized
                                  blockIdx/gridDim uses
                                  or a device-side runtime API call */
} cdpl_function;

/* A using-declaration that names a function of the model (`using ns::k;`). */
typedef struct cdpl_using_decl {
    size_t function;        /* index into functions */
    cdpl_range qualifier;   /* from `using` to the name: `using ns::` */
    size_t end;             /* just past its `;` */
} cdpl_using_decl;

/* The parts of a launch that the lowering changes, in the order they are
 * written: the kernel's name, `<<<`, `>>>` and the `(` after it. */
enum { CDPL_LAUNCH_NAME, CDPL_LAUNCH_OPEN_CHEVRONS, CDPL_LAUNCH_CLOSE_CHEVRONS, CDPL_LAUNCH_OPEN_PAREN,
       CDPL_LAUNCH_PARTS };

/* One `k<<<...>>>(...)`, on either side. */
typedef struct cdpl_launch_site {
    size_t kernel;          /* index into cdpl_model.functions */
    size_t caller;          /* enclosing function; SIZE_MAX at file scope */
    bool device_side;       /* the enclosing function runs on the device */
    bool in_arch_guard;     /* found by the device-side parse only (#if __CUDA_ARCH__) */
    cdpl_loc loc;           /* of the callee name, where the launch is expanded */
    size_t expansion;       /* that offset: a launch written in a macro's definition
                               has one site per use of the macro, all sharing the
                               ranges below (and their rewrite) */

    cdpl_range whole;       /* callee .. closing parenthesis, where they are written
                               (in a macro argument or definition if they come from one) */
    cdpl_range callee_name; /* the kernel's identifier token (not its qualifier or
                               template arguments) */
    cdpl_range open_chevrons;  /* `<<<` */
    cdpl_range close_chevrons; /* `>>>` */
    cdpl_range open_paren;  /* `(` after `>>>` */
    cdpl_range close_paren; /* the call's `)` */

    size_t nconfig;         /* 2 to 4 */
    cdpl_range config[4];   /* grid, block, shared memory, stream */
    size_t nargs;           /* as written; default arguments are not counted */
    cdpl_range *args;

    /* When clang cannot tell which overload a device-side launch names (it
     * rejects every overload, and every kernel template, called from device
     * code before choosing), every kernel of the file with that name that a
     * call of as many arguments can call, `kernel` first (perhaps only it);
     * the launchers are overloaded like the kernels, so the compiler of the
     * lowered file chooses. Empty when `kernel` is known. */
    size_t ncandidates;
    size_t *candidates;

    cdpl_stream_kind stream_kind;
    bool one_block_grid;    /* the grid argument is a constant 1 */

    /* A launch written partly in a macro's definition and partly outside
     * it (its kernel name a macro argument, say): the macro use whose
     * expansion the lowering writes in its place (index into macro_uses),
     * and where each part is in that expansion (an index into the use's
     * tokens), or SIZE_MAX for a part written after the use, which is
     * rewritten where it is. The ranges above are where the parts are
     * written, shared by every place the expansion copies them to. */
    size_t macro_use;       /* SIZE_MAX: none */
    size_t expanded[CDPL_LAUNCH_PARTS];
} cdpl_launch_site;

/* A token of a macro use's expansion. */
typedef struct cdpl_expansion_token {
    cdpl_range written;     /* where the source spells it: in a macro's definition or an
                               argument of the use; empty for a token the expansion made */
    char *made;             /* a token that `#` or `##` made; NULL for a written one */
    bool space_before;      /* whitespace came before it, as the preprocessor keeps it */
} cdpl_expansion_token;

/* A use of a macro that holds part of a launch written partly outside the
 * macro's definition: the lowering writes the use's expansion in its place
 * (analysis/macro_launches.c), with the launch rewritten there. Macros the
 * expansion names and does not need expanded stay as they are written. */
typedef struct cdpl_macro_use {
    char *macro;            /* its name */
    cdpl_range whole;       /* from the macro's name to its arguments' closing parenthesis */
    size_t ntokens;
    cdpl_expansion_token *tokens;
} cdpl_macro_use;

/* The device runtime API that a non-rdc build cannot link, or whose CDP
 * meaning the runtime must take over. */
typedef enum cdpl_api {
    CDPL_API_GET_LAST_ERROR,
    CDPL_API_PEEK_AT_LAST_ERROR,
    CDPL_API_GET_ERROR_STRING,
    CDPL_API_GET_ERROR_NAME,
    CDPL_API_STREAM_CREATE_WITH_FLAGS,
    CDPL_API_STREAM_DESTROY,
    CDPL_API_EVENT_CREATE_WITH_FLAGS,
    CDPL_API_EVENT_RECORD,
    CDPL_API_EVENT_DESTROY,
    CDPL_API_STREAM_WAIT_EVENT,
    CDPL_API_MEMCPY_ASYNC,
    CDPL_API_MEMSET_ASYNC,
    CDPL_API_MALLOC,
    CDPL_API_FREE,
    CDPL_API_GET_DEVICE,           /* without -rdc these return cudaErrorUnknown */
    CDPL_API_GET_DEVICE_COUNT,     /* or do not link: the runtime answers them */
    CDPL_API_DEVICE_GET_ATTRIBUTE,
    CDPL_API_RUNTIME_GET_VERSION,
    CDPL_API_DEVICE_SYNCHRONIZE,   /* CDP1: cannot be lowered faithfully */
    CDPL_API_LAUNCH_DEVICE,        /* cudaLaunchDevice: not supported */
    CDPL_API_GET_PARAMETER_BUFFER, /* cudaGetParameterBuffer: not supported */
    CDPL_API_GRAPH_LAUNCH,         /* device-side cudaGraphLaunch: not supported */
    CDPL_API_FUNC_GET_ATTRIBUTES,  /* without -rdc these return cudaErrorUnknown on the */
    CDPL_API_OCCUPANCY,            /* device: the runtime answers them */
    CDPL_API_OCCUPANCY_WITH_FLAGS,
    CDPL_API_LAUNCH_DEVICE_V2,     /* the low-level launch API too: not supported */
    /* Not lowered yet: without -rdc they do not link, so they are refused. */
    CDPL_API_EVENT_RECORD_WITH_FLAGS,
    CDPL_API_MEMCPY_2D_ASYNC,
    CDPL_API_MEMCPY_3D_ASYNC,
    CDPL_API_MEMSET_2D_ASYNC,
    CDPL_API_MEMSET_3D_ASYNC,
    CDPL_API_DEVICE_GET_LIMIT,
    CDPL_API_DEVICE_GET_CACHE_CONFIG,
    CDPL_API_DEVICE_GET_SHARED_MEM_CONFIG,
    CDPL_API_COUNT
} cdpl_api;

typedef struct cdpl_api_call {
    cdpl_api api;
    size_t caller;          /* enclosing function */
    bool device_side;
    cdpl_loc loc;
    cdpl_range callee_name; /* the identifier token, e.g. `cudaGetLastError` */
    cdpl_range whole;
} cdpl_api_call;

typedef enum cdpl_severity { CDPL_NOTE, CDPL_WARNING, CDPL_ERROR } cdpl_severity;

typedef struct cdpl_diagnostic {
    cdpl_severity severity;
    char *file;             /* as the user named it */
    cdpl_loc loc;
    char *message;
} cdpl_diagnostic;

/* A user header (not a system header, not the runtime's) that the main file
 * includes. The analysed source holds its text in place of its #include
 * line, between #line directives, so that facts in the header are found,
 * located and rewritten like the main file's (analysis/headers.c); the
 * rewriter puts back the #include line of each header it did not change. */
typedef struct cdpl_header {
    char *name;             /* as clang names it, for diagnostics */
    char *path;             /* its real path, for #line directives */
    size_t parent;          /* the including header; SIZE_MAX for the main file */
    size_t first;           /* a later inclusion of an include-guarded header, which
                               the analysed source drops: the header's first
                               inclusion; SIZE_MAX for an inclusion that holds the text */
    bool pragma_once;       /* guarded by #pragma once (the source has a macro guard instead) */
    cdpl_range region;      /* what took the place of the #include line in the source */
    char *directive;        /* the bytes it replaced: the #include line and its line break */
    cdpl_range resume;      /* the region's last line, `#line N "<includer>"` */
    unsigned resume_line;   /* its N: the line after the #include line */
} cdpl_header;

/* A host-side cudaLaunchKernel(kernel, ...) call. */
typedef struct cdpl_kernel_launch_call {
    cdpl_range callee;      /* `cudaLaunchKernel` */
    size_t kernel;          /* the kernel its first argument names; SIZE_MAX if none */
} cdpl_kernel_launch_call;

/* A run of source lines from one file, for cdpl_loc_at. */
typedef struct cdpl_segment {
    size_t begin;           /* offset of its first byte in the source (a line start) */
    size_t line;            /* 0-based line of `begin` in the source */
    size_t file_line;       /* 1-based line of `begin` in its file */
    size_t header;          /* index into headers; SIZE_MAX for the main file */
} cdpl_segment;

typedef struct cdpl_model {
    char *main_file;        /* path as given on the command line */
    char *source;           /* the main file's bytes, as parsed: with the user headers
                               it includes in place of their #include lines */
    size_t source_size;
    char *original;         /* the main file's bytes as read, when source differs; else NULL */
    size_t original_size;
    size_t nheaders;
    cdpl_header *headers;   /* in source order, a header before those it includes */
    size_t nsegments;
    cdpl_segment *segments; /* in source order; none when no header is inlined */
    size_t *line_starts;    /* offset of each line's first byte, for cdpl_loc_at */
    size_t nlines;

    size_t nfunctions;
    cdpl_function *functions;
    size_t nlaunches;
    cdpl_launch_site *launches;   /* in source order */
    size_t napi_calls;
    cdpl_api_call *api_calls;     /* in source order */
    size_t nusing_decls;
    cdpl_using_decl *using_decls; /* in source order */
    /* Host launches through a pointer (`f<<<g, b>>>(...)`, `f` no kernel's
     * name): the callee expression of each, outside macros. */
    size_t nhost_pointer_launches;
    cdpl_range *host_pointer_launches;
    /* Host code's cudaLaunchKernel calls: the callee's name, and the kernel
     * of the file (declared or defined) that the function argument names. */
    size_t nkernel_launch_calls;
    cdpl_kernel_launch_call *kernel_launch_calls;
    size_t nmacro_uses;
    cdpl_macro_use *macro_uses;

    size_t ndiagnostics;
    cdpl_diagnostic *diagnostics;

    /* Every file the main file includes, directly or not, in either parse
     * (real paths where libclang knows them), without repeats: what a
     * build system must watch besides the main file. */
    size_t nincludes;
    char **includes;
} cdpl_model;

/* The line and column of a byte offset in the source, in the file it comes
 * from: a binary search once cdpl_model_index_lines has run, a scan of the
 * source before. */
cdpl_loc cdpl_loc_at(const cdpl_model *model, size_t offset);
/* The real path of the header the source byte at `offset` comes from, for
 * #line directives; NULL for the main file. */
const char *cdpl_path_at(const cdpl_model *model, size_t offset);
/* Fills line_starts from the source; false when out of memory. */
bool cdpl_model_index_lines(cdpl_model *model);

/* Whether the text of token `t` of a macro use's expansion needs a space
 * before it, once the text written so far ends with `previous` (NUL: none)
 * and the token's own text begins with `next`: where the preprocessor kept
 * one, and where the two would otherwise read as one token. `t` 0 follows
 * the text before the use; `t` ntokens is the text after it. */
bool cdpl_expansion_space_before(const cdpl_macro_use *use, size_t t, char previous, char next);

const char *cdpl_stream_kind_name(cdpl_stream_kind kind);
const char *cdpl_api_name(cdpl_api api);
void cdpl_model_free(cdpl_model *model);
/* Frees a function's parameters and leaves it with none. */
void cdpl_function_free_parameters(cdpl_function *function);

/* Adds a diagnostic; returns false when out of memory. */
bool cdpl_model_diagnose(cdpl_model *model, cdpl_severity severity, cdpl_loc loc,
                         const char *format, ...);
bool cdpl_model_has_errors(const cdpl_model *model);

#endif
