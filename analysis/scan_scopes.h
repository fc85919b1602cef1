/* The structure of code as the quick scan sees it, token by token: which
 * braces open a function body, and whether that function is device code.
 * A function is device code when its header (the tokens since the previous
 * declaration ended, up to its `{`) holds a device mark, or when a
 * declaration of the same function (by its name and class) does. What lowering
 * rewrites (CDPL_MARK_LOWERED) must then not occur in device code, nor
 * anywhere the scan cannot place in a host function. */
#ifndef CDPL_SCAN_SCOPES_H
#define CDPL_SCAN_SCOPES_H

#include <stdbool.h>
#include <stddef.h>

#include "context.h"
#include "scan_tokens.h"

typedef enum cdpl_scope_kind {
    CDPL_SCOPE_DECLARATIONS, /* the file, a namespace, extern "C" { } */
    CDPL_SCOPE_CLASS,        /* a class, struct, union or enum: declarations too */
    CDPL_SCOPE_BODY,         /* a function's body */
    CDPL_SCOPE_BLOCK,        /* braces inside a body */
    CDPL_SCOPE_EXPRESSION    /* braces of an initializer, or inside a declaration's header */
} cdpl_scope_kind;

/* A function as a declaration names it: `f`, and `C` for `C::f` or for a
 * declaration in the body of class C (length 0 when there is none). */
typedef struct cdpl_scan_name {
    cdpl_scan_token scope;
    cdpl_scan_token name;
    bool any_scope;           /* qualified otherwise (`C<T>::f`): it may be any class's */
} cdpl_scan_name;

/* The declaration being read at declaration scope. */
typedef struct cdpl_scan_header {
    unsigned marks;           /* CDPL_MARK_DEVICE and _UNKNOWN of its tokens outside brackets */
    cdpl_scan_token unknown;  /* the first token marked unknown */
    bool any;                 /* holds a token */
    cdpl_scan_name function;  /* by the identifier before its parameter list... */
    bool named;               /* ...once there is one */
    bool host_mark;           /* holds __host__ */
    cdpl_scan_token class_name; /* of a class head: the last identifier before the base classes */
    bool class_head_ended;
    bool class_key, namespace_key, linkage, assigns, function_parens, constructor_initializers;
    int parens;               /* `(` not closed */
    int template_angles;      /* `<` of a template parameter list not closed */
    int template_parens;      /* parens where that list opened */
    int attribute_parens;     /* parens outside the attribute (or decltype...) being read; -1: none */
    bool gnu_attribute;       /* that attribute is __attribute__((...)) */
    bool template_next;       /* after `template`: `<` opens its parameter list */
    int operator_state;       /* after `operator`: 1, its symbol comes; 2, `operator(` read, `)` comes */
} cdpl_scan_header;

typedef struct cdpl_scope {
    cdpl_scope_kind kind;
    cdpl_scan_token class_name; /* a class */
    /* A body: */
    bool device;              /* of a function its header marks device code */
    bool header_unknown;      /* its header names a macro no file read defines */
    cdpl_scan_token unknown;
    bool lowered_seen;        /* a host body: it holds something lowering rewrites */
    bool device_seen;         /* a host body: it holds a device mark (a __device__ lambda?) */
} cdpl_scope;

typedef struct cdpl_scope_walk {
    cdpl_context *context;    /* for out of memory */
    cdpl_scope *scopes;       /* scopes[0] is the file */
    size_t nscopes;
    size_t body;              /* index of the body the walk is in; SIZE_MAX: none */
    size_t floor;             /* scopes that the innermost #if began with: only declaration scopes may close below */
    cdpl_scan_header header;
    /* Functions declared (not defined) with a device mark: nvcc makes a
     * definition of the same function without one __host__ __device__. */
    cdpl_scan_name *device_names;
    size_t ndevice_names;
    /* Every function the files read declare or define so far, by name: one
     * whose name looks like a macro's (`__btflo`) is no macro. */
    cdpl_scan_token *function_names;
    size_t nfunction_names;
    cdpl_scan_token previous;
    cdpl_scan_token earlier[2]; /* the two tokens before `previous` */
    bool lambda_mark_pending; /* a macro no file read defines follows `)`: a lambda's __device__? */
    bool runtime_name_pending;/* the previous token is a CUDA runtime name: a call if `(` follows */
    /* Set when the walk cannot tell that the file needs no lowering:
     * why, and the token that made it so. */
    const char *problem;
    cdpl_scan_token at;
} cdpl_scope_walk;

bool cdpl_scope_walk_start(cdpl_scope_walk *walk, cdpl_context *context);
void cdpl_scope_walk_free(cdpl_scope_walk *walk);

/* Whether a function of that name was declared or defined before. */
bool cdpl_scope_walk_names_function(const cdpl_scope_walk *walk, const cdpl_scan_token *name);

/* Reads one token of code with its marks (scan_macros.h); in_arch_region:
 * it is under an #if that tells device code from host code. */
void cdpl_scope_walk_token(cdpl_scope_walk *walk, const cdpl_scan_token *token, unsigned marks, bool in_arch_region);

/* Where an #if begins, for cdpl_scope_walk_branch_end. */
typedef struct cdpl_scope_mark {
    size_t nscopes;
    cdpl_scan_header header;
} cdpl_scope_mark;

cdpl_scope_mark cdpl_scope_walk_mark(const cdpl_scope_walk *walk);
/* At the end of one branch of that #if: braces it leaves open must be
 * declaration scopes; the declaration being read then holds what it held at
 * the #if too, as any branch may be the one compiled. */
void cdpl_scope_walk_branch_end(cdpl_scope_walk *walk, const cdpl_scope_mark *mark);
/* Whether the walk is at declaration scope between declarations, where a
 * header read again finds what it found before. */
bool cdpl_scope_walk_between_declarations(const cdpl_scope_walk *walk);
/* At the end of everything read: every brace closed. */
void cdpl_scope_walk_finish(cdpl_scope_walk *walk);

#endif
