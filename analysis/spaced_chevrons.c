#include "spaced_chevrons.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "source.h"

/* The source's bytes, scanned for chevrons outside comments and literals. */
typedef struct {
    char *bytes;
    size_t size;
} text;

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

static bool is_word(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* The offset of the first byte at or after `at` that is neither a blank nor
 * in a comment. */
static size_t skip_blanks(const text *s, size_t at)
{
    while (at < s->size) {
        if (is_blank(s->bytes[at])) {
            ++at;
        } else if (s->bytes[at] == '/' && at + 1 < s->size && s->bytes[at + 1] == '/') {
            while (at < s->size && s->bytes[at] != '\n') ++at;
        } else if (s->bytes[at] == '/' && at + 1 < s->size && s->bytes[at + 1] == '*') {
            const char *end = at + 2 < s->size ? strstr(s->bytes + at + 2, "*/") : NULL;
            at = end != NULL ? (size_t)(end - s->bytes) + 2 : s->size;
        } else {
            break;
        }
    }
    return at;
}

/* Whether the `'` at `at` separates digits (1'000, 0xff'ff) rather than
 * starting a character literal (u8'x' has a prefix, not a number). */
static bool in_number(const text *s, size_t at)
{
    size_t start = at;
    while (start > 0 && is_word(s->bytes[start - 1])) --start;
    return start < at && isdigit((unsigned char)s->bytes[start]);
}

/* The offset after the string or character literal at `at` (a raw string
 * too), or `at` when none starts there. */
static size_t skip_literal(const text *s, size_t at)
{
    const char c = s->bytes[at];
    if (c == 'R' && at + 1 < s->size && s->bytes[at + 1] == '"' && (at == 0 || !is_word(s->bytes[at - 1]) ||
                                                                   s->bytes[at - 1] == 'u' || s->bytes[at - 1] == 'U' ||
                                                                   s->bytes[at - 1] == 'L' || s->bytes[at - 1] == '8')) {
        const char *open = memchr(s->bytes + at + 2, '(', s->size - at - 2);
        if (open == NULL || open - (s->bytes + at + 2) > 16) return at + 1;
        char closing[20] = ")";
        size_t delimiter = (size_t)(open - (s->bytes + at + 2));
        memcpy(closing + 1, s->bytes + at + 2, delimiter);
        closing[delimiter + 1] = '"';
        closing[delimiter + 2] = '\0';
        const char *end = strstr(open + 1, closing);
        return end != NULL ? (size_t)(end - s->bytes) + delimiter + 2 : s->size;
    }
    if (c != '"' && (c != '\'' || in_number(s, at))) return at;
    for (size_t i = at + 1; i < s->size; ++i) {
        if (s->bytes[i] == '\\') ++i;
        else if (s->bytes[i] == c || s->bytes[i] == '\n') return i + 1;
    }
    return s->size;
}

/* Up to three `chevron` bytes from `at` on, with only blanks and comments
 * between them: their offsets in `at3`; how many there are in a row, more
 * than three counted as four. */
static unsigned chevron_run(const text *s, size_t at, char chevron, size_t at3[3])
{
    unsigned count = 0;
    while (at < s->size && s->bytes[at] == chevron) {
        if (count == 3) return 4;
        at3[count++] = at;
        at = skip_blanks(s, at + 1);
    }
    return count;
}

/* Three chevrons of a launch, not whole: `<< <`, `>> >`, with comments or
 * blanks between, and not followed by `=` (`<< <=` is no launch either). */
static bool launch_chevrons(const text *s, unsigned count, const size_t at3[3])
{
    if (count != 3) return false;
    size_t after = skip_blanks(s, at3[2] + 1);
    return after >= s->size || s->bytes[after] != '=';
}

static bool after_operator(const text *s, size_t at)
{
    while (at > 0 && is_blank(s->bytes[at - 1])) --at;
    return at >= 8 && memcmp(s->bytes + at - 8, "operator", 8) == 0 && (at == 8 || !is_word(s->bytes[at - 9]));
}

/* The `>>>` that closes the configuration opened before `at`: the first
 * three `>` in a row outside brackets; false at a `;` or a bracket closed
 * that was not opened there. */
static bool find_closing(const text *s, size_t at, size_t at3[3])
{
    int depth = 0;
    while ((at = skip_blanks(s, at)) < s->size) {
        size_t after = skip_literal(s, at);
        if (after != at) {
            at = after;
            continue;
        }
        const char c = s->bytes[at];
        if (c == '(' || c == '[' || c == '{') {
            ++depth;
        } else if (c == ')' || c == ']' || c == '}') {
            if (depth-- == 0) return false;
        } else if (c == ';' && depth == 0) {
            return false;
        } else if (c == '>' && !(at > 0 && s->bytes[at - 1] == '-')) {
            unsigned count = chevron_run(s, at, '>', at3);
            if (depth == 0 && launch_chevrons(s, count, at3)) return true;
            at = at3[count > 3 ? 2 : count - 1];
        }
        ++at;
    }
    return false;
}

/* The chevrons at `at3` made whole where the first one is, the bytes
 * between them moved after: same length, same lines. */
static void close_up(text *s, const size_t at3[3])
{
    const char chevron = s->bytes[at3[0]];
    size_t out = at3[2];
    for (size_t i = at3[2]; i-- > at3[0] + 1;)
        if (i != at3[1]) s->bytes[out--] = s->bytes[i];
    for (unsigned k = 0; k < 3; ++k) s->bytes[at3[0] + k] = chevron;
}

static bool whole(const size_t at3[3]) { return at3[2] == at3[0] + 2; }

bool cdpl_close_spaced_chevrons(cdpl_model *model)
{
    text s = {model->source, model->source_size};
    size_t at = 0;
    while ((at = skip_blanks(&s, at)) < s.size) {
        size_t after = skip_literal(&s, at);
        if (after != at) {
            at = after;
            continue;
        }
        if (s.bytes[at] != '<' || (at > 0 && s.bytes[at - 1] == '<')) {
            ++at;
            continue;
        }
        size_t open[3], close[3];
        unsigned count = chevron_run(&s, at, '<', open);
        if (launch_chevrons(&s, count, open) && !after_operator(&s, at) && find_closing(&s, open[2] + 1, close) &&
            !(whole(open) && whole(close))) {
            if (model->original == NULL) {
                model->original = malloc(s.size + 1);
                if (model->original == NULL) return false;
                memcpy(model->original, s.bytes, s.size + 1);
                model->original_size = s.size;
            }
            close_up(&s, open);
            close_up(&s, close);
        }
        at = open[count > 3 ? 2 : count - 1] + 1;
    }
    return true;
}

/* `<<` then `<`: never C++, but after `operator` (`operator<< <T>`). */
static bool spaced_open(const cdpl_model *model, const cdpl_tokens *tokens, unsigned t)
{
    return cdpl_token_is(model, tokens, t, "<<") && t + 1 < tokens->count &&
           cdpl_token_is(model, tokens, t + 1, "<") && !(t > 0 && cdpl_token_is(model, tokens, t - 1, "operator"));
}

void cdpl_find_spaced_chevrons(cdpl_context *context)
{
    cdpl_model *model = context->model;
    for (size_t f = 0; f < model->nfunctions; ++f) {
        const cdpl_function *function = &model->functions[f];
        if (!function->has_body || function->side == CDPL_SIDE_HOST) continue;
        cdpl_tokens tokens;
        if (!cdpl_tokenize(context, &context->host, function->body, &tokens)) return;
        for (unsigned t = 0; t < tokens.count; ++t)
            if (spaced_open(model, &tokens, t))
                cdpl_model_diagnose(model, CDPL_ERROR, cdpl_loc_at(model, tokens.ranges[t].begin),
                                    "this launch's `<<<` is written in pieces (`<< <`, or characters nvcc "
                                    "ignores between them), which nvcc reads as a launch and libclang does not; "
                                    "cdp-lower closes them up in the file it lowers, but not here (in a header, "
                                    "or without a `>>>` to pair them with): write `<<<` and `>>>` whole");
        cdpl_tokens_dispose(&tokens);
    }
}
