/* A lexer of preprocessing tokens for the quick scan. It only has to tell
 * code from what is not code (comments, literals, directives) and find the
 * few punctuators the scan looks at; anything it could read otherwise than
 * clang does is a problem, which makes the scan give up. */
#include "scan_tokens.h"

#include <stdlib.h>
#include <string.h>

/* lexer->directive */
enum { NO_DIRECTIVE, DIRECTIVE_NAME_NEXT, HEADER_NAME_NEXT, IN_DIRECTIVE };

bool cdpl_scan_text_make(const char *bytes, size_t size, cdpl_scan_text *text)
{
    *text = (cdpl_scan_text){0};
    text->bytes = malloc(size + 1);
    if (text->bytes == NULL) return false;
    size_t capacity = 0;
    for (size_t at = 0; at < size; ++at) {
        size_t next = at + 1 < size && bytes[at + 1] == '\r' ? at + 2 : at + 1;
        if (bytes[at] == '\\' && next < size && bytes[next] == '\n') {
            if (text->njoins == capacity) {
                capacity = capacity == 0 ? 16 : capacity * 2;
                size_t *grown = realloc(text->joins, capacity * sizeof *grown);
                if (grown == NULL) {
                    cdpl_scan_text_free(text);
                    return false;
                }
                text->joins = grown;
            }
            text->joins[text->njoins++] = text->size;
            at = next;
            continue;
        }
        text->bytes[text->size++] = bytes[at];
    }
    text->bytes[text->size] = '\0';
    return true;
}

void cdpl_scan_text_free(cdpl_scan_text *text)
{
    free(text->bytes);
    free(text->joins);
    *text = (cdpl_scan_text){0};
}

void cdpl_scan_lexer_start(cdpl_scan_lexer *lexer, const cdpl_scan_text *text)
{
    *lexer = (cdpl_scan_lexer){.text = text, .line = 1, .line_start = true};
    /* A UTF-8 byte order mark is no token. */
    if (text->size >= 3 && memcmp(text->bytes, "\xEF\xBB\xBF", 3) == 0) lexer->at = 3;
}

/* Moves to `offset`, counting the lines passed, joined ones included. */
static void move_to(cdpl_scan_lexer *lexer, size_t offset)
{
    const char *bytes = lexer->text->bytes;
    for (size_t at = lexer->at; at < offset; ++at)
        if (bytes[at] == '\n') ++lexer->line;
    while (lexer->next_join < lexer->text->njoins && lexer->text->joins[lexer->next_join] <= offset) {
        ++lexer->line;
        ++lexer->next_join;
    }
    lexer->at = offset;
}

static bool give_up(cdpl_scan_lexer *lexer, const char *problem)
{
    lexer->problem = problem;
    lexer->problem_line = lexer->line;
    return false;
}

static bool is_identifier_byte(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$';
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* The end of the string or character literal whose quote is at `at`; an
 * unterminated one ends with its line, as in a skipped #if block. */
static size_t literal_end(const cdpl_scan_text *text, size_t at)
{
    char quote = text->bytes[at];
    size_t end = at + 1;
    while (end < text->size && text->bytes[end] != quote && text->bytes[end] != '\n')
        end += text->bytes[end] == '\\' && end + 1 < text->size && text->bytes[end + 1] != '\n' ? 2 : 1;
    return end < text->size && text->bytes[end] == quote ? end + 1 : end;
}

/* The end of the raw string literal whose `"` is at `at`, or 0 when it is
 * malformed or unterminated. */
static size_t raw_literal_end(const cdpl_scan_text *text, size_t at)
{
    size_t delimiter = at + 1, open = delimiter;
    while (open < text->size && open - delimiter <= 16 && text->bytes[open] != '(') {
        if (strchr(" ()\\\t\v\f\n\"", text->bytes[open]) != NULL) return 0;
        ++open;
    }
    if (open >= text->size || text->bytes[open] != '(') return 0;
    size_t length = open - delimiter;
    for (size_t close = open + 1; close + 1 + length < text->size; ++close)
        if (text->bytes[close] == ')' && memcmp(text->bytes + close + 1, text->bytes + delimiter, length) == 0 &&
            text->bytes[close + 1 + length] == '"')
            return close + length + 2;
    return 0;
}

static size_t number_end(const cdpl_scan_text *text, size_t at)
{
    const char *bytes = text->bytes;
    size_t end = at + 1;
    for (;;) {
        char c = bytes[end];
        if (is_identifier_byte(c) || c == '.')
            ++end;
        else if ((c == '+' || c == '-') && strchr("eEpP", bytes[end - 1]) != NULL)
            ++end;
        else if (c == '\'' && is_identifier_byte(bytes[end + 1])) /* a digit separator */
            end += 2;
        else
            return end;
    }
}

/* The length of the punctuator at `bytes`: the longest that matches. */
static size_t punctuator_length(const char *bytes)
{
    char first = bytes[0], second = bytes[1], third = second != '\0' ? bytes[2] : '\0';
    switch (first) {
    case '<': /* <<< (CUDA, which nvcc also reads with blanks before its last `<`), <<=, <=>, <<, <= */
        if (second == '<') {
            if (third == '<' || third == '=') return 3;
            size_t blanks = 2;
            while (bytes[blanks] == ' ' || bytes[blanks] == '\t') ++blanks;
            return blanks > 2 && bytes[blanks] == '<' && bytes[blanks + 1] != '<' && bytes[blanks + 1] != '='
                       ? blanks + 1
                       : 2;
        }
        return second == '=' ? (third == '>' ? 3 : 2) : 1;
    case '>': return second == '>' ? (third == '=' ? 3 : 2) : second == '=' ? 2 : 1;
    case '.': return second == '.' && third == '.' ? 3 : second == '*' ? 2 : 1;
    case '-': return second == '>' ? (third == '*' ? 3 : 2) : second == '-' || second == '=' ? 2 : 1;
    case ':': return second == ':' ? 2 : 1;
    case '#': return second == '#' ? 2 : 1;
    case '+':
    case '&':
    case '|': return second == first || second == '=' ? 2 : 1;
    case '=':
    case '!':
    case '*':
    case '/':
    case '%':
    case '^': return second == '=' ? 2 : 1;
    default: return 1;
    }
}

static bool is_prefix_of(const char *prefixes[], size_t count, const char *text, size_t length)
{
    for (size_t p = 0; p < count; ++p)
        if (strlen(prefixes[p]) == length && memcmp(prefixes[p], text, length) == 0) return true;
    return false;
}

static bool emit(cdpl_scan_lexer *lexer, cdpl_scan_token *token, cdpl_scan_kind kind, size_t end, bool space)
{
    *token = (cdpl_scan_token){kind, lexer->text->bytes + lexer->at, end - lexer->at, lexer->line, space};
    move_to(lexer, end);
    lexer->line_start = false;
    if (lexer->directive == DIRECTIVE_NAME_NEXT || lexer->directive == HEADER_NAME_NEXT)
        lexer->directive = IN_DIRECTIVE;
    return true;
}

/* Skips blanks and comments; false at a problem. */
static bool skip_space(cdpl_scan_lexer *lexer, bool *space)
{
    const char *bytes = lexer->text->bytes;
    size_t size = lexer->text->size;
    for (;;) {
        size_t at = lexer->at;
        if (at >= size) return true;
        char c = bytes[at];
        if (c == '\n' && lexer->directive == NO_DIRECTIVE) {
            lexer->line_start = true;
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f') {
        } else if (c == '/' && bytes[at + 1] == '/') {
            const char *end = memchr(bytes + at, '\n', size - at);
            move_to(lexer, end != NULL ? (size_t)(end - bytes) : size);
            *space = true;
            continue;
        } else if (c == '/' && bytes[at + 1] == '*') {
            const char *end = strstr(bytes + at + 2, "*/");
            if (end == NULL || (size_t)(end - bytes) >= size) return give_up(lexer, "an unterminated comment");
            move_to(lexer, (size_t)(end - bytes) + 2);
            *space = true;
            continue;
        } else {
            return true;
        }
        move_to(lexer, at + 1);
        *space = true;
    }
}

bool cdpl_scan_next(cdpl_scan_lexer *lexer, cdpl_scan_token *token)
{
    static const char *string_prefixes[] = {"L", "u", "U", "u8"};
    static const char *raw_prefixes[] = {"R", "LR", "uR", "UR", "u8R"};
    const char *bytes = lexer->text->bytes;
    size_t size = lexer->text->size;
    bool space = false;
    if (lexer->problem != NULL || !skip_space(lexer, &space)) return false;
    size_t at = lexer->at;
    if (lexer->directive != NO_DIRECTIVE && (at >= size || bytes[at] == '\n')) {
        lexer->directive = NO_DIRECTIVE;
        *token = (cdpl_scan_token){CDPL_SCAN_END_OF_DIRECTIVE, bytes + at, 0, lexer->line, space};
        return true;
    }
    if (at >= size) return false;
    char c = bytes[at];
    if (c == '#' && lexer->line_start) {
        lexer->directive = DIRECTIVE_NAME_NEXT;
        *token = (cdpl_scan_token){CDPL_SCAN_DIRECTIVE, bytes + at, 1, lexer->line, space};
        move_to(lexer, at + 1);
        lexer->line_start = false;
        return true;
    }
    if (lexer->directive == HEADER_NAME_NEXT && (c == '<' || c == '"')) {
        const char *end = memchr(bytes + at + 1, c == '<' ? '>' : '"', size - at - 1);
        const char *line_end = memchr(bytes + at, '\n', size - at);
        if (end == NULL || (line_end != NULL && end > line_end)) return give_up(lexer, "an unterminated header name");
        return emit(lexer, token, CDPL_SCAN_HEADER_NAME, (size_t)(end - bytes) + 1, space);
    }
    if (is_identifier_byte(c) && !is_digit(c)) {
        size_t end = at + 1;
        while (is_identifier_byte(bytes[end])) ++end;
        size_t length = end - at;
        if ((bytes[end] == '"' || bytes[end] == '\'') && is_prefix_of(string_prefixes, 4, bytes + at, length))
            return emit(lexer, token, CDPL_SCAN_LITERAL, literal_end(lexer->text, end), space);
        if (bytes[end] == '"' && is_prefix_of(raw_prefixes, 5, bytes + at, length)) {
            size_t raw_end = raw_literal_end(lexer->text, end);
            if (raw_end == 0) return give_up(lexer, "a raw string literal it cannot read");
            return emit(lexer, token, CDPL_SCAN_LITERAL, raw_end, space);
        }
        bool names_directive = lexer->directive == DIRECTIVE_NAME_NEXT;
        emit(lexer, token, CDPL_SCAN_IDENTIFIER, end, space);
        if (names_directive && (cdpl_scan_token_is(token, "include") || cdpl_scan_token_is(token, "include_next") ||
                                cdpl_scan_token_is(token, "import")))
            lexer->directive = HEADER_NAME_NEXT;
        return true;
    }
    if (is_digit(c) || (c == '.' && is_digit(bytes[at + 1])))
        return emit(lexer, token, CDPL_SCAN_LITERAL, number_end(lexer->text, at), space);
    if (c == '"' || c == '\'') return emit(lexer, token, CDPL_SCAN_LITERAL, literal_end(lexer->text, at), space);
    /* Digraphs of braces and of `#` would hide a function body or a directive. */
    if ((c == '<' && bytes[at + 1] == '%') || (c == '%' && (bytes[at + 1] == '>' || bytes[at + 1] == ':')))
        return give_up(lexer, "a digraph");
    if ((unsigned char)c >= 0x80 || (unsigned char)c < 0x20 || c == 0x7f || c == '\\')
        return give_up(lexer, "a byte outside comments and literals that is not ASCII text");
    return emit(lexer, token, CDPL_SCAN_PUNCTUATOR, at + punctuator_length(bytes + at), space);
}
