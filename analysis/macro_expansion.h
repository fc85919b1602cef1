/* Writing out the expansion of a macro use, as the preprocessor makes it,
 * for a launch that a macro's definition holds only part of: the lowering
 * puts the expansion in the use's place and rewrites the launch there
 * (macro_launches.c). */
#ifndef CDPL_MACRO_EXPANSION_H
#define CDPL_MACRO_EXPANSION_H

#include "macros.h"

typedef struct cdpl_expansion {
    size_t ntokens;
    cdpl_expansion_token *tokens;
    CXTokenKind *kinds;
} cdpl_expansion;

/* What to expand besides the use itself: every use of a macro named in
 * `names`, and every use right before a `<<<` written at one of the
 * offsets `chevrons` (it names the kernel of a launch whose name is not
 * known otherwise). */
typedef struct cdpl_macros_needed {
    const char *const *names;
    size_t nnames;
    const size_t *chevrons;
    size_t nchevrons;
} cdpl_macros_needed;

/* Expands spelled use `use` of `macros`: its macro, and every macro use
 * that the expansion makes or its arguments hold and `needed` names;
 * other macros stay as written, for the compiler to expand. Parameters
 * take their arguments as written, `#` and `##` work on them as written,
 * and the expansion must mean, written out, what the preprocessor makes
 * of the use. False, with the reason in *why (owned) when there is one,
 * when cdp-lower cannot write it out. */
bool cdpl_expand_macro_use(cdpl_context *context, const cdpl_macros *macros, size_t use,
                           const cdpl_macros_needed *needed, cdpl_expansion *out, char **why);
void cdpl_expansion_dispose(cdpl_expansion *expansion);

#endif
