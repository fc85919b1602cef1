#include "friend_kernels.h"

#include <stdint.h>

#include "cursors.h"
#include "functions.h"
#include "source.h"

/* The `__global__` token and the declared name among the tokens of a
 * friend declaration. */
static bool find_parts(const cdpl_model *model, const cdpl_tokens *tokens, unsigned *global, unsigned *name)
{
    *global = tokens->count;
    for (unsigned t = 0; t < tokens->count && !cdpl_token_is(model, tokens, t, "("); ++t)
        if (cdpl_token_is(model, tokens, t, "__global__")) *global = t;
    *name = cdpl_declared_name(model, tokens, 0, tokens->count);
    return *global < tokens->count && *name < tokens->count;
}

static void note_friend(cdpl_context *context, CXCursor friend_decl)
{
    cdpl_model *model = context->model;
    CXCursor declared = cdpl_first_child(friend_decl);
    size_t index = clang_Cursor_isNull(declared) ? SIZE_MAX : cdpl_function_of(context, declared);
    cdpl_range range;
    if (index == SIZE_MAX || model->functions[index].side != CDPL_SIDE_KERNEL ||
        !cdpl_cursor_main_range(&context->host, friend_decl, &range))
        return;
    cdpl_tokens tokens;
    if (!cdpl_tokenize(context, &context->host, range, &tokens)) return;
    unsigned global, name;
    cdpl_function *kernel = &model->functions[index];
    bool known = false;
    for (size_t f = 0; f < kernel->nfriends && !known; ++f) known = kernel->friend_names[f].begin >= range.begin &&
                                                                     kernel->friend_names[f].end <= range.end;
    if (!known && find_parts(model, &tokens, &global, &name)) {
        size_t count = kernel->nfriends;
        if (!cdpl_append(context, &kernel->friend_globals, &count, sizeof(cdpl_range), &tokens.ranges[global]) ||
            !cdpl_append(context, &kernel->friend_names, &kernel->nfriends, sizeof(cdpl_range), &tokens.ranges[name]))
            context->out_of_memory = true;
    }
    cdpl_tokens_dispose(&tokens);
}

static enum CXChildVisitResult find_friends(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    cdpl_context *context = data;
    /* The main file's classes only: system headers hold none of its kernels. */
    if (!cdpl_cursor_in_main_file(&context->host, cursor)) return CXChildVisit_Continue;
    if (clang_getCursorKind(cursor) == CXCursor_FriendDecl) {
        note_friend(context, cursor);
        return CXChildVisit_Continue;
    }
    return CXChildVisit_Recurse;
}

void cdpl_find_friend_kernels(cdpl_context *context)
{
    clang_visitChildren(clang_getTranslationUnitCursor(context->host.tu), find_friends, context);
}
