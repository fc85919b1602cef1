/* Which functions may wait at a block-wide barrier.
 *
 * A block that finishes a record may go on at once with a ready record of
 * the same kernel: the threads that already returned from the body wait
 * for the others at the end of the block, and a thread still inside the
 * body must never meet them at a barrier of its own. So a kernel that waits
 * at barriers goes on only if its threads leave the body together
 * (block_exits.c). What cdp-lower cannot see into (inline assembly, a call
 * it cannot resolve, a function without a visible body) counts as a
 * barrier. */
#include <stdint.h>
#include <string.h>

#include "block_barriers.h"
#include "functions.h"

/* Calls into user headers are followed into their definitions, this deep. */
#define HEADER_CALL_DEPTH 8

typedef struct barrier_walk {
    unsigned depth;
    bool waits;
} barrier_walk;

static bool is_barrier_name(const char *name)
{
    return strncmp(name, "__syncthreads", strlen("__syncthreads")) == 0 || strcmp(name, "__barrier_sync") == 0 ||
           strcmp(name, "sync") == 0; /* cooperative groups: block.sync(), cg::sync(block) */
}

static enum CXChildVisitResult visit_body(CXCursor cursor, CXCursor parent, CXClientData data);

/* Main-file callees are the model's (their flags propagate along callees);
 * the system headers (CUDA's, the C++ library's) hold no hidden barrier
 * besides the named ones; a function of a user header is looked into. A
 * callee that is not resolved (it depends on a template argument) or has no
 * visible definition may wait. */
static bool callee_may_wait(CXCursor call, unsigned depth)
{
    CXCursor callee = clang_getCursorReferenced(call);
    if (clang_Cursor_isNull(callee) || clang_getCursorKind(callee) == CXCursor_OverloadedDeclRef) return true;
    CXSourceLocation location = clang_getCursorLocation(callee);
    if (clang_Location_isFromMainFile(location) || clang_Location_isInSystemHeader(location)) return false;
    CXCursor definition = clang_getCursorDefinition(callee);
    if (clang_Cursor_isNull(definition) || depth >= HEADER_CALL_DEPTH) return true;
    barrier_walk inner = {depth + 1, false};
    clang_visitChildren(definition, visit_body, &inner);
    return inner.waits;
}

static bool call_may_wait(CXCursor call, unsigned depth)
{
    CXString spelling = clang_getCursorSpelling(call);
    const char *name = clang_getCString(spelling);
    bool barrier = name == NULL || *name == '\0' || is_barrier_name(name);
    clang_disposeString(spelling);
    return barrier || callee_may_wait(call, depth);
}

static enum CXChildVisitResult visit_body(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    barrier_walk *walk = data;
    enum CXCursorKind kind = clang_getCursorKind(cursor);
    if (kind == CXCursor_AsmStmt || kind == CXCursor_MSAsmStmt ||
        (kind == CXCursor_CallExpr && call_may_wait(cursor, walk->depth))) {
        walk->waits = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

static void record_body(cdpl_context *context, const cdpl_unit *unit, CXCursor definition, CXCursor body,
                        void *data)
{
    (void)unit;
    (void)data;
    size_t index = cdpl_function_of(context, definition);
    if (index == SIZE_MAX || context->model->functions[index].waits_at_barrier) return;
    barrier_walk walk = {0, false};
    clang_visitChildren(body, visit_body, &walk);
    if (walk.waits) context->model->functions[index].waits_at_barrier = true;
}

void cdpl_find_block_barriers(cdpl_context *context)
{
    cdpl_model *model = context->model;
    for (size_t f = 0; f < model->nfunctions; ++f)
        model->functions[f].waits_at_barrier = !model->functions[f].has_body;
    cdpl_visit_definitions(context, &context->host, true, record_body, NULL);
    cdpl_visit_definitions(context, &context->device, true, record_body, NULL);
    /* A function waits if a function it calls does, to a fixed point. */
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t f = 0; f < model->nfunctions; ++f) {
            cdpl_function *function = &model->functions[f];
            for (size_t c = 0; c < function->ncallees && !function->waits_at_barrier; ++c)
                if (model->functions[function->callees[c]].waits_at_barrier &&
                    model->functions[function->callees[c]].side != CDPL_SIDE_KERNEL) {
                    function->waits_at_barrier = true;
                    changed = true;
                }
        }
    }
}
