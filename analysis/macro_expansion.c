/* Macro expansion with each token's origin kept: where the source spells
 * it, or the text `#` or `##` made of it. It follows the C preprocessor
 * (Prosser's algorithm: every token carries the set of macros whose
 * expansion made it, which it may not expand again), but expands only the
 * use it starts from and the macros it is told to: everything else stays
 * as written, which the compiler expands later, once the text is in the
 * use's place. That is the same text wherever the preprocessor's order of
 * work cannot tell, and where it can, the expansion is refused:
 *  - a macro name the preprocessor leaves alone because its own expansion
 *    made it, which the compiler would expand once written out;
 *  - a macro left as written whose expansion would name such a macro;
 *  - an argument of a macro expanded here that holds a macro left as
 *    written, from an argument the preprocessor expands before splitting
 *    the arguments, when its expansion may hold a comma;
 *  - __VA_OPT__ whose variable arguments are macros that may expand to
 *    nothing, or that `#` or `##` works on;
 *  - a macro to expand whose arguments are written after the use. */
#include "macro_expansion.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { step_limit = 100000, depth_limit = 16 };

typedef struct token {
    cdpl_range written;     /* empty for a made token */
    const char *made;       /* in the expander's pool */
    CXTokenKind kind;
    bool space;             /* whitespace before it */
    bool from_argument;     /* an argument that the preprocessor expands before substituting it */
    bool placemarker;       /* an empty argument next to `##` */
    size_t hideset;         /* index into the expander's hidesets */
} token;

typedef struct list {
    token *items;
    size_t count;
} list;

/* A set of macros, sorted; hidesets are kept once each. */
typedef struct hideset {
    size_t count;
    size_t *macros;
} hideset;

typedef struct expander {
    cdpl_context *context;
    const cdpl_model *model;
    const cdpl_macros *macros;
    const cdpl_macros_needed *needed;
    size_t order, offset;   /* of the use: where names are looked up */
    size_t nhidesets;
    hideset *hidesets;      /* [0] is empty */
    size_t npool;
    char **pool;
    char *why;
    size_t steps;
} expander;

/* ---- failing ---- */

static bool fail(expander *ex, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* Keeps the first reason the use cannot be written out; returns false. */
static bool fail(expander *ex, const char *format, ...)
{
    if (ex->why != NULL || ex->context->out_of_memory) return false;
    char why[1024];
    va_list args;
    va_start(args, format);
    vsnprintf(why, sizeof why, format, args);
    va_end(args);
    ex->why = cdpl_strdup(ex->context, why);
    return false;
}

/* ---- tokens ---- */

static const char *text_of(const expander *ex, const token *t, size_t *length)
{
    if (t->made != NULL) {
        *length = strlen(t->made);
        return t->made;
    }
    *length = t->written.end - t->written.begin;
    return ex->model->source + t->written.begin;
}

static bool is(const expander *ex, const token *t, const char *text)
{
    size_t length = 0;
    const char *spelled = text_of(ex, t, &length);
    return !t->placemarker && strlen(text) == length && memcmp(spelled, text, length) == 0;
}

static bool add(expander *ex, list *to, token t) { return cdpl_append(ex->context, &to->items, &to->count, sizeof t, &t); }

static bool add_all(expander *ex, list *to, const list *from)
{
    for (size_t i = 0; i < from->count; ++i)
        if (!add(ex, to, from->items[i])) return false;
    return true;
}

static void dispose(list *l)
{
    free(l->items);
    *l = (list){0};
}

static const char *keep(expander *ex, char *text)
{
    if (text == NULL || !cdpl_append(ex->context, &ex->pool, &ex->npool, sizeof text, &text)) {
        free(text);
        ex->context->out_of_memory = true;
        return NULL;
    }
    return text;
}

/* The tokens of `from`, with whitespace before each where the source has a gap. */
static bool add_written(expander *ex, list *to, const cdpl_tokens *from)
{
    for (unsigned t = 0; t < from->count; ++t) {
        token written = {from->ranges[t], NULL, from->kinds[t],
                         t > 0 && from->ranges[t - 1].end != from->ranges[t].begin, false, false, 0};
        if (!add(ex, to, written)) return false;
    }
    return true;
}

/* ---- hidesets ---- */

static size_t intern(expander *ex, hideset set)
{
    for (size_t h = 0; h < ex->nhidesets; ++h)
        if (ex->hidesets[h].count == set.count &&
            (set.count == 0 || memcmp(ex->hidesets[h].macros, set.macros, set.count * sizeof *set.macros) == 0)) {
            free(set.macros);
            return h;
        }
    if (!cdpl_append(ex->context, &ex->hidesets, &ex->nhidesets, sizeof set, &set)) {
        free(set.macros);
        return 0;
    }
    return ex->nhidesets - 1;
}

static bool in_hideset(const expander *ex, size_t h, size_t macro)
{
    for (size_t i = 0; i < ex->hidesets[h].count; ++i)
        if (ex->hidesets[h].macros[i] == macro) return true;
    return false;
}

/* `a` and `b` together (both: `all`), or what they share. */
static size_t combine(expander *ex, size_t a, size_t b, bool all)
{
    const hideset *x = &ex->hidesets[a], *y = &ex->hidesets[b];
    hideset made = {0, malloc((x->count + y->count + 1) * sizeof *made.macros)};
    if (made.macros == NULL) {
        ex->context->out_of_memory = true;
        return 0;
    }
    size_t i = 0, j = 0;
    while (i < x->count || j < y->count) {
        bool from_x = j == y->count || (i < x->count && x->macros[i] <= y->macros[j]);
        size_t macro = from_x ? x->macros[i] : y->macros[j];
        bool shared = i < x->count && j < y->count && x->macros[i] == y->macros[j];
        if (shared) ++i, ++j;
        else if (from_x) ++i;
        else ++j;
        if (all || shared) made.macros[made.count++] = macro;
    }
    return intern(ex, made);
}

static size_t with_macro(expander *ex, size_t h, size_t macro)
{
    hideset single = {1, malloc(sizeof *single.macros)};
    if (single.macros == NULL) {
        ex->context->out_of_memory = true;
        return h;
    }
    single.macros[0] = macro;
    return combine(ex, h, intern(ex, single), true);
}

/* ---- macros ---- */

static size_t macro_of(const expander *ex, const token *t)
{
    if (t->placemarker || (t->kind != CXToken_Identifier && t->kind != CXToken_Keyword)) return SIZE_MAX;
    size_t length = 0;
    const char *name = text_of(ex, t, &length);
    return cdpl_macro_named(ex->model, ex->macros, name, length, ex->order, ex->offset);
}

static const cdpl_macro *macro_at(const expander *ex, size_t m) { return &ex->macros->macros[m]; }

static bool is_needed(const expander *ex, size_t m)
{
    for (size_t n = 0; n < ex->needed->nnames; ++n)
        if (strcmp(ex->needed->names[n], macro_at(ex, m)->name) == 0) return true;
    return false;
}

/* The replacement list of any macro as spellings (caller frees), after
 * its name and parameters; NULL with *count 0 when it is empty or unknown. */
static char **body_spellings(expander *ex, size_t m, size_t *count)
{
    const cdpl_macro *macro = macro_at(ex, m);
    CXTranslationUnit tu = ex->macros->unit->tu;
    CXToken *tokens = NULL;
    unsigned ntokens = 0;
    clang_tokenize(tu, clang_getCursorExtent(macro->cursor), &tokens, &ntokens);
    unsigned first = 1;
    if (clang_Cursor_isMacroFunctionLike(macro->cursor)) {
        while (first < ntokens) {
            CXString spelling = clang_getTokenSpelling(tu, tokens[first++]);
            bool closes = strcmp(clang_getCString(spelling), ")") == 0;
            clang_disposeString(spelling);
            if (closes) break;
        }
    }
    char **spellings = ntokens > first ? calloc(ntokens - first, sizeof *spellings) : NULL;
    if (ntokens > first && spellings == NULL) ex->context->out_of_memory = true;
    *count = 0;
    for (unsigned t = first; spellings != NULL && t < ntokens; ++t) {
        char *copy = cdpl_take_string(ex->context, clang_getTokenSpelling(tu, tokens[t]));
        if (copy != NULL) spellings[(*count)++] = copy;
    }
    clang_disposeTokens(tu, tokens, ntokens);
    return spellings;
}

static void free_spellings(char **spellings, size_t count)
{
    for (size_t s = 0; s < count; ++s) free(spellings[s]);
    free(spellings);
}

static size_t macro_spelled(const expander *ex, const char *spelling)
{
    return cdpl_macro_named(ex->model, ex->macros, spelling, strlen(spelling), ex->order, ex->offset);
}

static bool is_parameter_of(const cdpl_macro *macro, const char *spelling)
{
    if (strcmp(spelling, "__VA_ARGS__") == 0 || strcmp(spelling, "__VA_OPT__") == 0) return true;
    for (size_t p = 0; p < macro->nparams; ++p)
        if (strcmp(macro->params[p], spelling) == 0) return true;
    return false;
}

/* Whether what macro `m` expands to may hold a comma outside parentheses:
 * one its replacement list holds, variable arguments, a macro that may,
 * or a macro called with a parameter's parentheses as its own. Unknown
 * (too deep) counts as may. */
static bool may_hold_comma(expander *ex, size_t m, unsigned depth)
{
    if (depth == depth_limit) return true;
    const cdpl_macro *macro = macro_at(ex, m);
    size_t count = 0;
    char **body = body_spellings(ex, m, &count);
    bool may = false;
    int parentheses = 0;
    for (size_t s = 0; s < count && !may; ++s) {
        if (strcmp(body[s], "(") == 0) ++parentheses;
        else if (strcmp(body[s], ")") == 0) --parentheses;
        else if (strcmp(body[s], ",") == 0) may = parentheses == 0;
        else if (strcmp(body[s], "__VA_ARGS__") == 0 || strcmp(body[s], "__VA_OPT__") == 0) may = true;
        else if (macro->in_source && macro->variadic && strcmp(body[s], macro->params[macro->nparams - 1]) == 0)
            may = true;
        else {
            size_t other = macro_spelled(ex, body[s]);
            if (other == SIZE_MAX || other == m) continue;
            may = may_hold_comma(ex, other, depth + 1) ||
                  (clang_Cursor_isMacroFunctionLike(macro_at(ex, other)->cursor) && s + 1 < count &&
                   macro->in_source && is_parameter_of(macro, body[s + 1]));
        }
    }
    free_spellings(body, count);
    return may;
}

/* Whether expanding macro `m` may name a macro of hideset `h`. */
static bool reaches(expander *ex, size_t m, size_t h, unsigned depth)
{
    if (depth == depth_limit) return true;
    size_t count = 0;
    char **body = body_spellings(ex, m, &count);
    bool found = false;
    for (size_t s = 0; s < count && !found; ++s) {
        size_t other = macro_spelled(ex, body[s]);
        if (other != SIZE_MAX && other != m) found = in_hideset(ex, h, other) || reaches(ex, other, h, depth + 1);
    }
    free_spellings(body, count);
    return found;
}

/* ---- substitution ---- */

static bool expand(expander *ex, list *in, bool force_first, bool at_use, list *out);

static bool is_literal_with_quotes(const expander *ex, const token *t)
{
    size_t length = 0;
    const char *text = text_of(ex, t, &length);
    return t->kind == CXToken_Literal && (memchr(text, '"', length) != NULL || memchr(text, '\'', length) != NULL);
}

/* `#parameter`: the argument as written, in quotes. */
static bool stringize(expander *ex, const list *argument, bool space, list *out)
{
    size_t size = 3;
    for (size_t i = 0; i < argument->count; ++i) {
        size_t length = 0;
        text_of(ex, &argument->items[i], &length);
        size += 2 * length + 1;
    }
    char *text = malloc(size), *at = text;
    if (text == NULL) {
        ex->context->out_of_memory = true;
        return false;
    }
    *at++ = '"';
    for (size_t i = 0; i < argument->count; ++i) {
        const token *t = &argument->items[i];
        size_t length = 0;
        const char *spelled = text_of(ex, t, &length);
        bool escaped = is_literal_with_quotes(ex, t);
        if (i > 0 && t->space) *at++ = ' ';
        for (size_t c = 0; c < length; ++c) {
            if (escaped && (spelled[c] == '"' || spelled[c] == '\\')) *at++ = '\\';
            *at++ = spelled[c];
        }
    }
    *at++ = '"';
    *at = '\0';
    token made = {{0, 0}, keep(ex, text), CXToken_Literal, space, false, false, 0};
    return made.made != NULL && add(ex, out, made);
}

static bool is_name_character(char c)
{
    return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* `left ## right`: one token of both spellings, in place of the last of `out`. */
static bool glue(expander *ex, list *out, const token *right)
{
    token *left = out->count > 0 ? &out->items[out->count - 1] : NULL;
    if (left == NULL || right->placemarker) return left != NULL || add(ex, out, *right);
    if (left->placemarker) {
        bool space = left->space;
        *left = *right;
        left->space = space;
        return true;
    }
    size_t left_length = 0, right_length = 0;
    const char *left_text = text_of(ex, left, &left_length), *right_text = text_of(ex, right, &right_length);
    char *text = malloc(left_length + right_length + 1);
    if (text == NULL) {
        ex->context->out_of_memory = true;
        return false;
    }
    memcpy(text, left_text, left_length);
    memcpy(text + left_length, right_text, right_length);
    text[left_length + right_length] = '\0';
    bool name = true;
    for (size_t c = 0; c < left_length + right_length; ++c) name = name && is_name_character(text[c]);
    CXTokenKind kind = !name ? CXToken_Punctuation : text[0] >= '0' && text[0] <= '9' ? CXToken_Literal
                                                                                     : CXToken_Identifier;
    size_t hideset = combine(ex, left->hideset, right->hideset, false);
    *left = (token){{0, 0}, keep(ex, text), kind, left->space, false, false, hideset};
    return left->made != NULL;
}

typedef struct invocation {
    size_t macro;
    const list *arguments;  /* one per parameter; NULL for an object-like macro */
} invocation;

static bool body_is(const expander *ex, const cdpl_macro *macro, unsigned b, const char *text)
{
    return b < macro->tokens.count && cdpl_token_is(ex->model, &macro->tokens, b, text);
}

static size_t parameter_at(const expander *ex, const cdpl_macro *macro, unsigned b)
{
    return b < macro->tokens.count ? cdpl_macro_parameter(ex->model, macro, macro->tokens.ranges[b]) : SIZE_MAX;
}

/* The variable arguments hold a token: one that is no macro's name shows it. */
static bool variable_arguments_present(expander *ex, const invocation *call, bool *known)
{
    const list *rest = &call->arguments[macro_at(ex, call->macro)->nparams - 1];
    *known = true;
    for (size_t i = 0; i < rest->count; ++i)
        if (macro_of(ex, &rest->items[i]) == SIZE_MAX) return true;
    *known = rest->count == 0;
    return false;
}

static bool substitute_range(expander *ex, const invocation *call, unsigned first, unsigned end, list *out);

/* `__VA_OPT__(...)` at `b`: its content when the variable arguments are
 * there; *next is the token after its `)`. */
static bool substitute_optional(expander *ex, const invocation *call, unsigned b, list *out, unsigned *next)
{
    const cdpl_macro *macro = macro_at(ex, call->macro);
    unsigned close = cdpl_matching_bracket(ex->model, &macro->tokens, b + 1);
    if (close >= macro->tokens.count || body_is(ex, macro, close + 1, "##"))
        return fail(ex, "'%s' pastes __VA_OPT__ with `##`, which cdp-lower does not write out", macro->name);
    bool known = false;
    bool present = variable_arguments_present(ex, call, &known);
    if (!known)
        return fail(ex, "the variable arguments of '%s' are macros that may expand to nothing, so cdp-lower "
                        "cannot tell what its __VA_OPT__ becomes",
                    macro->name);
    *next = close + 1;
    return !present || substitute_range(ex, call, b + 2, close, out);
}

/* `## parameter` at `b`: its argument as written, its first token glued
 * to the last of `out`. `, ## __VA_ARGS__` drops the comma when there are
 * no variable arguments, and keeps it, unglued, when there are (GNU). */
static bool paste_argument(expander *ex, const invocation *call, size_t p, bool after_comma, list *out)
{
    const cdpl_macro *macro = macro_at(ex, call->macro);
    const list *argument = &call->arguments[p];
    bool comma = macro->variadic && p == macro->nparams - 1 && after_comma;
    if (argument->count == 0) {
        if (comma) --out->count;
        return true;
    }
    if (comma) return add_all(ex, out, argument);
    if (!glue(ex, out, &argument->items[0])) return false;
    for (size_t i = 1; i < argument->count; ++i)
        if (!add(ex, out, argument->items[i])) return false;
    return true;
}

/* A parameter not next to `#` or `##`: its argument, expanded first (of
 * the macros to expand; the rest the compiler expands in its place). */
static bool substitute_argument(expander *ex, const list *argument, bool space, list *out)
{
    list copy = {0}, expanded = {0};
    bool done = add_all(ex, &copy, argument) && expand(ex, &copy, false, false, &expanded);
    for (size_t i = 0; done && i < expanded.count; ++i) {
        expanded.items[i].from_argument = true;
        if (i == 0) expanded.items[i].space = space;
        done = add(ex, out, expanded.items[i]);
    }
    dispose(&copy);
    dispose(&expanded);
    return done;
}

static token body_token(const cdpl_macro *macro, unsigned b, unsigned first)
{
    const cdpl_tokens *tokens = &macro->tokens;
    return (token){tokens->ranges[b], NULL, tokens->kinds[b],
                   b > first && tokens->ranges[b - 1].end != tokens->ranges[b].begin, false, false, 0};
}

static bool substitute_range(expander *ex, const invocation *call, unsigned first, unsigned end, list *out)
{
    const cdpl_macro *macro = macro_at(ex, call->macro);
    for (unsigned b = first; b < end;) {
        token here = body_token(macro, b, first);
        size_t p = call->arguments != NULL ? parameter_at(ex, macro, b) : SIZE_MAX;
        size_t next_p = call->arguments != NULL && b + 1 < end ? parameter_at(ex, macro, b + 1) : SIZE_MAX;
        bool optional = macro->variadic && body_is(ex, macro, b, "__VA_OPT__") && body_is(ex, macro, b + 1, "(");
        if (call->arguments != NULL && body_is(ex, macro, b, "#") && b + 1 < end) {
            if (body_is(ex, macro, b + 1, "__VA_OPT__"))
                return fail(ex, "'%s' stringizes __VA_OPT__, which cdp-lower does not write out", macro->name);
            if (next_p != SIZE_MAX) {
                if (!stringize(ex, &call->arguments[next_p], here.space, out)) return false;
                b += 2;
                continue;
            }
        }
        if (body_is(ex, macro, b, "##") && b + 1 < end) {
            if (body_is(ex, macro, b + 1, "__VA_OPT__"))
                return fail(ex, "'%s' pastes __VA_OPT__ with `##`, which cdp-lower does not write out", macro->name);
            token right = body_token(macro, b + 1, first);
            bool after_comma = b > first && body_is(ex, macro, b - 1, ",");
            if (!(next_p != SIZE_MAX ? paste_argument(ex, call, next_p, after_comma, out) : glue(ex, out, &right)))
                return false;
            b += 2;
            continue;
        }
        if (optional) {
            if (!substitute_optional(ex, call, b, out, &b)) return false;
            continue;
        }
        if (p != SIZE_MAX) {
            const list *argument = &call->arguments[p];
            bool pasted = body_is(ex, macro, b + 1, "##");
            token placemarker = {{0, 0}, NULL, CXToken_Punctuation, here.space, false, true, 0};
            bool done = !pasted ? substitute_argument(ex, argument, here.space, out)
                        : argument->count == 0 ? add(ex, out, placemarker)
                                               : add_all(ex, out, argument);
            if (pasted && done && argument->count > 0) out->items[out->count - argument->count].space = here.space;
            if (!done) return false;
            ++b;
            continue;
        }
        if (!add(ex, out, here)) return false;
        ++b;
    }
    return true;
}

/* The macro's replacement list with its arguments, each token also hidden
 * from the macros of `hidden`. */
static bool substitute(expander *ex, const invocation *call, size_t hidden, bool space, list *out)
{
    const cdpl_macro *macro = macro_at(ex, call->macro);
    list made = {0};
    bool done = substitute_range(ex, call, macro->body, macro->tokens.count, &made);
    for (size_t i = 0; done && i < made.count; ++i) {
        token t = made.items[i];
        if (t.placemarker) continue;
        t.hideset = combine(ex, t.hideset, hidden, true);
        if (out->count == 0) t.space = space;
        done = add(ex, out, t);
    }
    dispose(&made);
    return done;
}

/* ---- expansion ---- */

/* The `)` closing the `(` at token `open` of `in`; in->count when it does
 * not close there. */
static size_t closing(const expander *ex, const list *in, size_t open)
{
    int depth = 0;
    for (size_t i = open; i < in->count; ++i) {
        if (is(ex, &in->items[i], "(")) ++depth;
        else if (is(ex, &in->items[i], ")") && --depth == 0) return i;
    }
    return in->count;
}

/* The arguments between tokens `open` and `close` of `in`, one list per
 * parameter. */
static bool collect_arguments(expander *ex, const list *in, size_t open, size_t close, const cdpl_macro *macro,
                              list *arguments)
{
    size_t count = 0;
    int depth = 0;
    for (size_t i = open + 1; i < close; ++i) {
        const token *t = &in->items[i];
        if (is(ex, t, "(")) ++depth;
        else if (is(ex, t, ")")) --depth;
        bool next = depth == 0 && is(ex, t, ",") && !(macro->variadic && count + 1 >= macro->nparams);
        if (next) {
            if (++count >= macro->nparams) return fail(ex, "'%s' is given too many arguments", macro->name);
        } else if (count < macro->nparams && !add(ex, &arguments[count], *t)) {
            return false;
        }
    }
    /* F() gives its one parameter an empty argument; omitted variable arguments are empty too. */
    return count + 1 >= macro->nparams || (macro->variadic && count + 2 == macro->nparams) ||
           fail(ex, "'%s' is given too few arguments", macro->name);
}

/* Arguments the preprocessor expands before it splits those of the macro
 * they are given to: cdp-lower leaves their macros as written, so one that
 * may expand to a comma would be split otherwise. */
static bool arguments_split_alike(expander *ex, const cdpl_macro *called, const list *in, size_t open, size_t close)
{
    for (size_t i = open + 1; i < close; ++i) {
        const token *t = &in->items[i];
        size_t m = t->from_argument ? macro_of(ex, t) : SIZE_MAX;
        if (m != SIZE_MAX && !in_hideset(ex, t->hideset, m) && may_hold_comma(ex, m, 0))
            return fail(ex, "an argument given to '%s' holds '%s', which the preprocessor expands before it "
                            "splits the arguments of '%s'; its expansion may hold commas",
                        called->name, macro_at(ex, m)->name, called->name);
    }
    return true;
}

static bool splice(expander *ex, list *in, size_t at, size_t end, const list *with)
{
    list joined = {0};
    bool done = true;
    for (size_t i = 0; done && i < at; ++i) done = add(ex, &joined, in->items[i]);
    done = done && add_all(ex, &joined, with);
    for (size_t i = end; done && i < in->count; ++i) done = add(ex, &joined, in->items[i]);
    dispose(in);
    *in = joined;
    return done;
}

/* Whether the use of a macro at token `i` of `in` (its `)` at `close`
 * when it is called) comes right before the `<<<` of a launch whose kernel
 * it names. */
static bool names_kernel(const expander *ex, const list *in, size_t i, size_t close)
{
    size_t next = close != SIZE_MAX ? close + 1 : i + 1;
    if (next >= in->count || in->items[next].made != NULL) return false;
    for (size_t c = 0; c < ex->needed->nchevrons; ++c)
        if (in->items[next].written.begin == ex->needed->chevrons[c]) return true;
    return false;
}

/* A macro name that stays in the text for the compiler to expand. */
static bool may_stay(expander *ex, const list *in, size_t i, size_t m, bool at_use)
{
    const cdpl_macro *macro = macro_at(ex, m);
    const token *t = &in->items[i];
    bool function_like = clang_Cursor_isMacroFunctionLike(macro->cursor);
    bool last = i + 1 == in->count;
    bool called = function_like && !last && is(ex, &in->items[i + 1], "(");
    if (in_hideset(ex, t->hideset, m)) {
        if (!function_like || called || (last && at_use))
            return fail(ex, "'%s' names itself in its own expansion, where the preprocessor leaves it; written "
                            "out, the compiler would expand it again",
                        macro->name);
        return true;
    }
    if (is_needed(ex, m) && function_like && last && at_use)
        return fail(ex, "'%s' takes its arguments from the text after the use", macro->name);
    if ((!function_like || called || last) && ex->hidesets[t->hideset].count > 0 && reaches(ex, m, t->hideset, 0))
        return fail(ex, "'%s' is left for the compiler to expand, and its expansion names a macro that the "
                        "preprocessor would leave alone there",
                    macro->name);
    return true;
}

/* Expands, in `in` (consumed), the macro use at its start when
 * `force_first`, and the uses of the needed macros, appending what comes
 * out to `out`. `at_use`: `in` is the use itself, after which comes text
 * the expansion may not take. */
static bool expand(expander *ex, list *in, bool force_first, bool at_use, list *out)
{
    bool force = force_first;
    size_t i = 0;
    while (i < in->count) {
        if (++ex->steps > step_limit) return fail(ex, "its expansion takes too many steps");
        const token *t = &in->items[i];
        size_t m = macro_of(ex, t);
        bool forced = force;
        force = false;
        const cdpl_macro *macro = m != SIZE_MAX ? macro_at(ex, m) : NULL;
        bool function_like = macro != NULL && clang_Cursor_isMacroFunctionLike(macro->cursor);
        bool called = function_like && i + 1 < in->count && is(ex, &in->items[i + 1], "(");
        size_t close = called ? closing(ex, in, i + 1) : SIZE_MAX;
        bool wanted = macro != NULL && !in_hideset(ex, t->hideset, m) && (!function_like || called) &&
                      (forced || is_needed(ex, m) || names_kernel(ex, in, i, close));
        if (!wanted) {
            if (m != SIZE_MAX && !may_stay(ex, in, i, m, at_use)) return false;
            if (!add(ex, out, *t)) return false;
            ++i;
            continue;
        }
        if (!macro->in_source)
            return fail(ex, "'%s' is defined outside the source cdp-lower rewrites (in a system header or on the "
                            "command line)",
                        macro->name);
        list result = {0};
        list *arguments = calloc(macro->nparams + 1, sizeof *arguments);
        size_t end = i + 1, hidden = t->hideset;
        bool done = arguments != NULL;
        if (!done) ex->context->out_of_memory = true;
        if (done && function_like) {
            if (close == in->count) done = fail(ex, "the arguments of '%s' are not all inside the use", macro->name);
            done = done && (forced || arguments_split_alike(ex, macro, in, i + 1, close)) &&
                   collect_arguments(ex, in, i + 1, close, macro, arguments);
            if (done) {
                hidden = combine(ex, hidden, in->items[close].hideset, false);
                end = close + 1;
            }
        }
        invocation call = {m, function_like ? arguments : NULL};
        done = done && substitute(ex, &call, with_macro(ex, hidden, m), t->space, &result) &&
               splice(ex, in, i, end, &result);
        for (size_t p = 0; arguments != NULL && p < macro->nparams; ++p) dispose(&arguments[p]);
        free(arguments);
        dispose(&result);
        if (!done) return false;
    }
    return true;
}

bool cdpl_expand_macro_use(cdpl_context *context, const cdpl_macros *macros, size_t use,
                           const cdpl_macros_needed *needed, cdpl_expansion *out, char **why)
{
    *out = (cdpl_expansion){0};
    *why = NULL;
    const cdpl_spelled_use *spelled = &macros->uses[use];
    expander ex = {context, context->model, macros, needed, spelled->order, spelled->whole.begin,
                   0, NULL, 0, NULL, NULL, 0};
    intern(&ex, (hideset){0, NULL});
    list in = {0}, expanded = {0};
    cdpl_tokens written;
    bool done = cdpl_tokenize(context, macros->unit, spelled->whole, &written);
    done = done && add_written(&ex, &in, &written) && expand(&ex, &in, true, true, &expanded);
    cdpl_tokens_dispose(&written);
    out->tokens = done ? calloc(expanded.count + 1, sizeof *out->tokens) : NULL;
    out->kinds = done ? calloc(expanded.count + 1, sizeof *out->kinds) : NULL;
    if (done && (out->tokens == NULL || out->kinds == NULL)) context->out_of_memory = true;
    for (size_t i = 0; out->tokens != NULL && out->kinds != NULL && i < expanded.count; ++i) {
        const token *t = &expanded.items[i];
        char *made = t->made != NULL ? cdpl_strdup(context, t->made) : NULL;
        out->tokens[out->ntokens] = (cdpl_expansion_token){t->made != NULL ? (cdpl_range){0, 0} : t->written, made,
                                                           t->space};
        out->kinds[out->ntokens++] = t->kind;
    }
    done = done && !context->out_of_memory;
    if (!done) cdpl_expansion_dispose(out);
    *why = ex.why;
    dispose(&in);
    dispose(&expanded);
    for (size_t h = 0; h < ex.nhidesets; ++h) free(ex.hidesets[h].macros);
    free(ex.hidesets);
    for (size_t p = 0; p < ex.npool; ++p) free(ex.pool[p]);
    free(ex.pool);
    return done;
}

void cdpl_expansion_dispose(cdpl_expansion *expansion)
{
    for (size_t t = 0; t < expansion->ntokens; ++t) free(expansion->tokens[t].made);
    free(expansion->tokens);
    free(expansion->kinds);
    *expansion = (cdpl_expansion){0};
}
