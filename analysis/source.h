/* From libclang positions to main-file byte offsets, and token access over
 * main-file ranges. */
#ifndef CDPL_SOURCE_H
#define CDPL_SOURCE_H

#include "context.h"

/* Where `location` lands in the main file once macros are expanded; false
 * when it is in another file or invalid. */
bool cdpl_main_offset(const cdpl_unit *unit, CXSourceLocation location, size_t *offset);
/* Where the characters at `location` are written, when that is in the main
 * file: inside a macro argument or a macro body rather than at the use. */
bool cdpl_spelled_main_offset(const cdpl_unit *unit, CXSourceLocation location, size_t *offset);
bool cdpl_main_range(const cdpl_unit *unit, CXSourceRange range, cdpl_range *out);
bool cdpl_cursor_main_range(const cdpl_unit *unit, CXCursor cursor, cdpl_range *out);
bool cdpl_cursor_in_main_file(const cdpl_unit *unit, CXCursor cursor);

/* True when the preprocessor of `unit` skipped `offset` (an inactive #if branch). */
bool cdpl_skipped_in(const cdpl_unit *unit, size_t offset);

/* True when the location comes from a macro expansion (its spelling is not
 * where it is expanded). */
bool cdpl_in_macro_expansion(CXSourceLocation location);


/* The file and position of any location, for diagnostics outside the main
 * file; the file name is owned by the caller (NULL when unknown). */
char *cdpl_location_file(CXSourceLocation location, cdpl_loc *loc);

/* Takes a libclang string: returns a malloc'd copy and disposes of it. */
char *cdpl_take_string(cdpl_context *context, CXString string);

bool cdpl_text_is(const cdpl_model *model, cdpl_range range, const char *text);

/* The source line holding `offset`, with the lines it continues and that
 * continue it (a backslash before the line break), as the preprocessor
 * joins them: a macro definition, say. */
cdpl_range cdpl_logical_line(const cdpl_model *model, size_t offset);

/* Whether `offset` is in a preprocessing directive (a #define written inside
 * a function body, say): its logical line starts with '#'. */
bool cdpl_in_directive(const cdpl_model *model, size_t offset);

/* Tokens by where the source spells them, so that tokens of several places
 * (a macro's expansion, macro_expansion.c) can stand in one list. */
typedef struct cdpl_tokens {
    cdpl_range *ranges; /* main-file offsets; empty for a token no file spells
                           (one that `#` or `##` made) */
    CXTokenKind *kinds;
    unsigned count;
} cdpl_tokens;

/* The tokens of `range`, without its comments: like the preprocessor,
 * everything here reads a comment as whitespace. */
bool cdpl_tokenize(cdpl_context *context, const cdpl_unit *unit, cdpl_range range, cdpl_tokens *out);
/* Adds a token at the end of a list that only this has grown, from empty;
 * false, the context out of memory, when it cannot. */
bool cdpl_tokens_add(cdpl_context *context, cdpl_tokens *tokens, cdpl_range range, CXTokenKind kind);
void cdpl_tokens_dispose(cdpl_tokens *tokens);
/* The source from token `first` to token `last`, where the source spells
 * them one after the other; token `first` alone where it does not (they
 * come from different places of a macro's expansion). */
cdpl_range cdpl_tokens_span(const cdpl_model *model, const cdpl_tokens *tokens, unsigned first, unsigned last);
bool cdpl_token_is(const cdpl_model *model, const cdpl_tokens *tokens, unsigned index, const char *text);
bool cdpl_token_is_identifier(const cdpl_tokens *tokens, unsigned index);
/* The token beginning at `offset`, or tokens->count. */
unsigned cdpl_token_at(const cdpl_tokens *tokens, size_t offset);
/* The `)`, `]` or `}` closing the bracket at `open`, or tokens->count. */
unsigned cdpl_matching_bracket(const cdpl_model *model, const cdpl_tokens *tokens, unsigned open);
/* The token after the template argument list whose `<` is at `open`, or
 * tokens->count. A `>` inside brackets (`k<(a > b)>`) closes nothing. */
unsigned cdpl_skip_template_arguments(const cdpl_model *model, const cdpl_tokens *tokens, unsigned open);
/* The `<` opening the template argument list whose last token (`>` or
 * `>>`) is at `close`, or tokens->count. */
unsigned cdpl_template_arguments_start(const cdpl_model *model, const cdpl_tokens *tokens, unsigned close);
/* The token naming the function that tokens [first, end) declare: the
 * identifier before the first `(`, or before the template arguments
 * before it; tokens->count when there is none. */
unsigned cdpl_declared_name(const cdpl_model *model, const cdpl_tokens *tokens, unsigned first, unsigned end);

#endif
