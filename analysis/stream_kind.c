/* Stream arguments by meaning. cudaStreamLegacy ((cudaStream_t)0x1) counts
 * as the NULL stream: in device code both mean the block's implicit stream. */
#include "stream_kind.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static cdpl_stream_kind kind_of_value(unsigned long long value)
{
    switch (value) {
    case 0:
    case 1: return CDPL_STREAM_NULL;
    case 2: return CDPL_STREAM_PER_THREAD;
    case 3: return CDPL_STREAM_TAIL;
    case 4: return CDPL_STREAM_FIRE_AND_FORGET;
    default: return CDPL_STREAM_NAMED;
    }
}

static bool is_transparent_expression(enum CXCursorKind kind)
{
    return kind == CXCursor_UnexposedExpr || kind == CXCursor_ParenExpr || kind == CXCursor_CStyleCastExpr ||
           kind == CXCursor_CXXStaticCastExpr || kind == CXCursor_CXXReinterpretCastExpr ||
           kind == CXCursor_CXXFunctionalCastExpr;
}

typedef struct operand {
    CXCursor cursor;
    unsigned count;
} operand;

static enum CXChildVisitResult find_operand(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    operand *found = data;
    if (clang_isExpression(clang_getCursorKind(cursor))) {
        found->cursor = cursor;
        ++found->count;
    }
    return CXChildVisit_Continue;
}

cdpl_stream_kind cdpl_stream_kind_of_expression(CXCursor expression)
{
    for (;;) {
        enum CXCursorKind kind = clang_getCursorKind(expression);
        if (kind == CXCursor_CXXNullPtrLiteralExpr || kind == CXCursor_GNUNullExpr) return CDPL_STREAM_NULL;
        if (kind == CXCursor_IntegerLiteral) {
            CXEvalResult result = clang_Cursor_Evaluate(expression);
            cdpl_stream_kind stream = CDPL_STREAM_NAMED;
            if (result != NULL && clang_EvalResult_getKind(result) == CXEval_Int)
                stream = kind_of_value((unsigned long long)clang_EvalResult_getAsLongLong(result));
            if (result != NULL) clang_EvalResult_dispose(result);
            return stream;
        }
        if (!is_transparent_expression(kind)) return CDPL_STREAM_NAMED;
        operand found = {clang_getNullCursor(), 0};
        clang_visitChildren(expression, find_operand, &found);
        if (found.count != 1) return CDPL_STREAM_NAMED;
        expression = found.cursor;
    }
}

/* ---- by tokens ---- */

enum { macro_depth_limit = 8 };

typedef struct spellings {
    size_t count;
    char **items;
} spellings;

static void free_spellings(spellings *list)
{
    for (size_t i = 0; i < list->count; ++i) free(list->items[i]);
    free(list->items);
    *list = (spellings){0};
}

static bool append_spelling(cdpl_context *context, spellings *list, char *text)
{
    if (text == NULL || !cdpl_append(context, &list->items, &list->count, sizeof text, &text)) {
        free(text);
        return false;
    }
    return true;
}

static bool add_spelling(cdpl_context *context, spellings *list, cdpl_range range)
{
    char *text = malloc(range.end - range.begin + 1);
    if (text == NULL) {
        context->out_of_memory = true;
        return false;
    }
    memcpy(text, context->model->source + range.begin, range.end - range.begin);
    text[range.end - range.begin] = '\0';
    return append_spelling(context, list, text);
}

/* Casts and grouping do not change which constant a stream is. */
static bool is_cast_or_grouping(const char *token)
{
    static const char *const ignored[] = {"(", ")", "cudaStream_t", "static_cast", "reinterpret_cast", "<", ">"};
    for (size_t i = 0; i < sizeof ignored / sizeof *ignored; ++i)
        if (strcmp(token, ignored[i]) == 0) return true;
    return false;
}

static bool parse_integer(const char *token, unsigned long long *value)
{
    if (!isdigit((unsigned char)token[0])) return false;
    char *end = NULL;
    *value = strtoull(token, &end, 0);
    while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L') ++end;
    return *end == '\0';
}

typedef struct macro_search {
    const char *name;
    CXCursor found;
} macro_search;

static enum CXChildVisitResult find_macro(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    macro_search *search = data;
    if (clang_getCursorKind(cursor) != CXCursor_MacroDefinition || clang_Cursor_isMacroFunctionLike(cursor))
        return CXChildVisit_Continue;
    CXString name = clang_getCursorSpelling(cursor);
    bool match = strcmp(clang_getCString(name), search->name) == 0;
    clang_disposeString(name);
    if (match) search->found = cursor; /* the last definition wins, as in the preprocessor */
    return CXChildVisit_Continue;
}

/* The tokens an object-like macro expands to (without its name). */
static bool macro_body(cdpl_context *context, const cdpl_unit *unit, const char *name, spellings *body)
{
    macro_search search = {name, clang_getNullCursor()};
    clang_visitChildren(clang_getTranslationUnitCursor(unit->tu), find_macro, &search);
    if (clang_Cursor_isNull(search.found)) return false;
    CXToken *tokens = NULL;
    unsigned count = 0;
    clang_tokenize(unit->tu, clang_getCursorExtent(search.found), &tokens, &count);
    bool complete = true;
    for (unsigned t = 1; t < count && complete; ++t)
        complete = append_spelling(context, body, cdpl_take_string(context, clang_getTokenSpelling(unit->tu, tokens[t])));
    clang_disposeTokens(unit->tu, tokens, count);
    return complete;
}

static cdpl_stream_kind classify(cdpl_context *context, const cdpl_unit *unit, const spellings *tokens,
                                 unsigned depth)
{
    const char *meaningful = NULL;
    for (size_t t = 0; t < tokens->count; ++t) {
        if (is_cast_or_grouping(tokens->items[t])) continue;
        if (meaningful != NULL) return CDPL_STREAM_NAMED;
        meaningful = tokens->items[t];
    }
    if (meaningful == NULL) return CDPL_STREAM_NAMED;
    if (strcmp(meaningful, "nullptr") == 0 || strcmp(meaningful, "__null") == 0) return CDPL_STREAM_NULL;
    unsigned long long value = 0;
    if (parse_integer(meaningful, &value)) return kind_of_value(value);
    if (depth == macro_depth_limit) return CDPL_STREAM_NAMED;
    spellings body = {0};
    cdpl_stream_kind kind = CDPL_STREAM_NAMED;
    if (macro_body(context, unit, meaningful, &body)) kind = classify(context, unit, &body, depth + 1);
    else if (strcmp(meaningful, "NULL") == 0) kind = CDPL_STREAM_NULL;
    free_spellings(&body);
    return kind;
}

cdpl_stream_kind cdpl_stream_kind_of_tokens(cdpl_context *context, const cdpl_unit *unit,
                                            const cdpl_tokens *tokens, unsigned first, unsigned end)
{
    spellings argument = {0};
    bool complete = true;
    for (unsigned t = first; t < end && complete; ++t)
        complete = add_spelling(context, &argument, tokens->ranges[t]);
    cdpl_stream_kind kind = complete ? classify(context, unit, &argument, 0) : CDPL_STREAM_NAMED;
    free_spellings(&argument);
    return kind;
}
