/* The preprocessing tokens of a file, read without a preprocessor, for the
 * quick scan (quick_scan.h): comments and line continuations are gone,
 * string and character literals are single tokens whose contents never
 * count, and directives are marked so that their tokens are not taken for
 * code. */
#ifndef CDPL_SCAN_TOKENS_H
#define CDPL_SCAN_TOKENS_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

typedef enum cdpl_scan_kind {
    CDPL_SCAN_IDENTIFIER,       /* keywords too */
    CDPL_SCAN_PUNCTUATOR,       /* `<<<` is one, as in CUDA */
    CDPL_SCAN_LITERAL,          /* a number, or a string or character literal */
    CDPL_SCAN_HEADER_NAME,      /* `<name>` or `"name"` after #include, #include_next, #import */
    CDPL_SCAN_DIRECTIVE,        /* the `#` that starts a directive; its tokens follow */
    CDPL_SCAN_END_OF_DIRECTIVE  /* where that directive's line ends */
} cdpl_scan_kind;

typedef struct cdpl_scan_token {
    cdpl_scan_kind kind;
    const char *text;           /* in the spliced text */
    size_t length;
    unsigned line;              /* 1-based, in the file as written */
    bool space_before;          /* blanks or a comment separate it from the token before */
} cdpl_scan_token;

/* A file's bytes with every backslash-newline removed, as the preprocessor
 * joins lines before it reads tokens. */
typedef struct cdpl_scan_text {
    char *bytes;
    size_t size;
    size_t *joins;              /* offsets in `bytes` where a line was joined, in order */
    size_t njoins;
} cdpl_scan_text;

/* False when out of memory. */
bool cdpl_scan_text_make(const char *bytes, size_t size, cdpl_scan_text *text);
void cdpl_scan_text_free(cdpl_scan_text *text);

typedef struct cdpl_scan_lexer {
    const cdpl_scan_text *text;
    size_t at;
    unsigned line;
    size_t next_join;
    bool line_start;            /* no token yet on this line */
    int directive;              /* where a directive's tokens are: see scan_tokens.c */
    /* NULL, or why the text cannot be read as tokens for sure (an
     * unterminated comment, a digraph brace, a byte no source holds...);
     * the lexer ends there. */
    const char *problem;
    unsigned problem_line;
} cdpl_scan_lexer;

void cdpl_scan_lexer_start(cdpl_scan_lexer *lexer, const cdpl_scan_text *text);
/* The next token; false at the end of the text or at a problem. */
bool cdpl_scan_next(cdpl_scan_lexer *lexer, cdpl_scan_token *token);

/* Inline, so that the length of a literal `text` is known when compiled:
 * the scan asks this of every token many times. */
static inline bool cdpl_scan_token_is(const cdpl_scan_token *token, const char *text)
{
    return token->length == strlen(text) && memcmp(token->text, text, token->length) == 0;
}

/* `<<<`, or `<<` and `<` with blanks between, which nvcc reads as `<<<` too
 * (the lexer makes one token of them). */
static inline bool cdpl_scan_token_opens_launch(const cdpl_scan_token *token)
{
    return token->length >= 3 && token->text[0] == '<' && token->text[1] == '<' &&
           token->text[token->length - 1] == '<' && (token->length == 3 || token->text[2] != '<');
}

#endif
