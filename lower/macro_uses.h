/* Macro uses written out in their place: a launch written partly in a
 * macro's definition and partly outside it is rewritten in the expansion
 * of the macro use that holds it (analysis/macro_launches.c). */
#ifndef CDPL_MACRO_USES_H
#define CDPL_MACRO_USES_H

#include "edits.h"
#include "model.h"

/* `token_edits` holds, per macro use of the model, the changes to single
 * tokens of its expansion (begin: the token's index; end: begin + 1 to
 * replace it, begin to insert before it): the parts of a launch, which only
 * that copy of the text they are written in holds. Each use with any gets
 * its expansion in its place, its tokens as the source spells them with
 * the changes `edits` makes to that text (a device API call renamed in the
 * macro's definition, a launch rewritten in an argument) and those of
 * `token_edits`; the edits inside the use go into it. The expansion is one
 * line: the lines the use took follow it empty, so that the text after it
 * keeps its line and column. */
void cdpl_write_macro_uses(cdpl_model *model, cdpl_edits *token_edits, cdpl_edits *edits);

#endif
