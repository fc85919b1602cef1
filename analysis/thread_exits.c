#include "thread_exits.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "functions.h"
#include "source.h"

typedef struct {
    cdpl_context *context;
    const cdpl_unit *unit;
    size_t function;
} exit_walk;

/* The assembly template of an asm statement's tokens: its string literals
 * before the first `:`, joined, without quotes, each run of blanks (and
 * `\n`, `\t`) one space. */
static char *assembly_template(const cdpl_model *model, const cdpl_tokens *tokens)
{
    size_t capacity = 1;
    for (unsigned t = 0; t < tokens->count; ++t) capacity += tokens->ranges[t].end - tokens->ranges[t].begin;
    char *text = malloc(capacity);
    if (text == NULL) return NULL;
    size_t length = 0;
    for (unsigned t = 0; t < tokens->count; ++t) {
        if (cdpl_token_is(model, tokens, t, ":")) break;
        const cdpl_range range = tokens->ranges[t];
        if (tokens->kinds[t] != CXToken_Literal || range.end <= range.begin || model->source[range.begin] != '"')
            continue;
        for (size_t i = range.begin + 1; i + 1 < range.end; ++i) {
            char c = model->source[i];
            if (c == '\\' && i + 2 < range.end && (model->source[i + 1] == 'n' || model->source[i + 1] == 't')) {
                ++i;
                c = ' ';
            }
            if (!isspace((unsigned char)c)) text[length++] = c;
            else if (length > 0 && text[length - 1] != ' ') text[length++] = ' ';
        }
        if (length > 0 && text[length - 1] != ' ') text[length++] = ' ';
    }
    text[length] = '\0';
    return text;
}

/* Whether the joined template names the `exit` instruction anywhere. */
static bool names_exit(const char *assembly)
{
    for (const char *at = strstr(assembly, "exit"); at != NULL; at = strstr(at + 1, "exit")) {
        const bool starts = at == assembly || !(isalnum((unsigned char)at[-1]) || at[-1] == '_' || at[-1] == '.');
        const bool ends = !(isalnum((unsigned char)at[4]) || at[4] == '_');
        if (starts && ends) return true;
    }
    return false;
}

static void note_statement(exit_walk *walk, CXCursor statement)
{
    cdpl_model *model = walk->context->model;
    cdpl_range range;
    if (!cdpl_cursor_main_range(walk->unit, statement, &range)) return;
    cdpl_tokens tokens;
    if (!cdpl_tokenize(walk->context, walk->unit, range, &tokens)) return;
    char *assembly = assembly_template(model, &tokens);
    cdpl_tokens_dispose(&tokens);
    if (assembly == NULL) {
        walk->context->out_of_memory = true;
        return;
    }
    const bool exits = names_exit(assembly);
    const bool alone = strcmp(assembly, "exit; ") == 0 || strcmp(assembly, "exit ; ") == 0 ||
                       strcmp(assembly, "exit ") == 0;
    free(assembly);
    if (!exits) return;
    const cdpl_loc loc = cdpl_loc_at(model, range.begin);
    if (!alone) {
        cdpl_model_diagnose(model, CDPL_ERROR, loc,
                            "this inline assembly ends the thread (`exit`) among other instructions: cdp-lower "
                            "must count the thread out of its block first, and can do so only for a statement "
                            "of its own, `asm(\"exit;\")`");
        return;
    }
    if (cdpl_in_macro_expansion(clang_getCursorLocation(statement))) {
        cdpl_model_diagnose(model, CDPL_ERROR, loc,
                            "this `asm(\"exit;\")` comes from a macro: cdp-lower must count the thread out of "
                            "its block first and cannot rewrite it there; write it in the function itself");
        return;
    }
    cdpl_function *function = &model->functions[walk->function];
    for (size_t e = 0; e < function->nthread_exits; ++e)
        if (function->thread_exits[e].begin == range.begin) return; /* the other parse's */
    if (!cdpl_append(walk->context, &function->thread_exits, &function->nthread_exits, sizeof range, &range))
        walk->context->out_of_memory = true;
}

static enum CXChildVisitResult find_exits(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    enum CXCursorKind kind = clang_getCursorKind(cursor);
    if (kind == CXCursor_AsmStmt || kind == CXCursor_MSAsmStmt) {
        note_statement(data, cursor);
        return CXChildVisit_Continue;
    }
    return CXChildVisit_Recurse;
}

static void visit_body(cdpl_context *context, const cdpl_unit *unit, CXCursor definition, CXCursor body, void *data)
{
    (void)data;
    size_t index = cdpl_function_of(context, definition);
    if (index == SIZE_MAX || context->model->functions[index].side == CDPL_SIDE_HOST) return;
    exit_walk walk = {context, unit, index};
    clang_visitChildren(body, find_exits, &walk);
}

void cdpl_find_thread_exits(cdpl_context *context)
{
    /* Both parses: code under #if __CUDA_ARCH__ is only in the device's. */
    cdpl_visit_definitions(context, &context->host, true, visit_body, NULL);
    cdpl_visit_definitions(context, &context->device, true, visit_body, NULL);
}
