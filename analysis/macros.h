/* The macros one parse saw, for writing out a macro use's expansion
 * (macro_expansion.c): every definition the preprocessor processed, in the
 * order it processed them, and every use of a macro that the source spells
 * (libclang's preprocessing record keeps the uses inside macro arguments,
 * not those a macro's definition makes). Only a definition in the analysed
 * source (the main file and the user headers read into it) has its tokens
 * here: cdp-lower can only write out what the source spells. */
#ifndef CDPL_MACROS_H
#define CDPL_MACROS_H

#include "source.h"

typedef struct cdpl_macro {
    char *name;
    size_t order;           /* its place in the preprocessing record */
    CXCursor cursor;
    bool in_source;         /* defined in the analysed source; what follows is known only then */
    cdpl_range extent;      /* from its name to the end of its last token */
    bool function_like;
    bool variadic;          /* its last parameter takes the rest of the arguments */
    size_t nparams;
    char **params;          /* a variadic `...` is __VA_ARGS__ */
    cdpl_tokens tokens;     /* its name, its parameter list, its replacement list */
    unsigned body;          /* the replacement list's first token */
} cdpl_macro;

/* A use of a macro that the source spells. */
typedef struct cdpl_spelled_use {
    cdpl_range whole;       /* its name .. the closing parenthesis of its arguments */
    size_t macro;           /* its definition */
    size_t order;           /* its place in the preprocessing record */
} cdpl_spelled_use;

typedef struct cdpl_macros {
    const cdpl_unit *unit;
    size_t nmacros;
    cdpl_macro *macros;     /* in record order */
    size_t *by_name;        /* their indices by name, then record order */
    size_t nuses;
    cdpl_spelled_use *uses; /* in record order, which is source order */
    size_t nundefs;
    size_t *undefs;         /* where the source undefines a macro (`#undef` outside skipped code) */
} cdpl_macros;

/* Reads the parse's preprocessing record; false when out of memory. */
bool cdpl_macros_read(cdpl_context *context, const cdpl_unit *unit, cdpl_macros *macros);
void cdpl_macros_dispose(cdpl_macros *macros);

/* The spelled use that begins at `offset`; SIZE_MAX when none does. */
size_t cdpl_macro_use_at(const cdpl_macros *macros, size_t offset);

/* The definition that `name` has where a use at record place `order`,
 * source offset `offset`, is expanded; SIZE_MAX when it names no macro. */
size_t cdpl_macro_named(const cdpl_model *model, const cdpl_macros *macros, const char *name, size_t length,
                        size_t order, size_t offset);

/* The definition in the source whose text holds `offset`; SIZE_MAX. */
size_t cdpl_macro_holding(const cdpl_macros *macros, size_t offset);

/* The parameter that a replacement-list token names; SIZE_MAX. */
size_t cdpl_macro_parameter(const cdpl_model *model, const cdpl_macro *macro, cdpl_range token);

#endif
