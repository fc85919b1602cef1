/* Which kernels' threads all leave the body together.
 *
 * An entry that goes on with another record when the body returns meets
 * its whole block at a barrier first. A kernel that waits at barriers may
 * take that form only if no thread returns while others may still wait at
 * one of the body's barriers: the early thread would meet them there. So a
 * return counts only where the whole block takes it alike: outside every
 * loop and switch, under `if` conditions that have one value for the whole
 * block (literals, enumerators, blockDim/gridDim/blockIdx, the kernel's own
 * parameters of scalar type where the body never writes them, const scalar
 * variables initialized from such values). Anything else, inline assembly
 * and goto included, counts as a thread that may leave on its own. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "block_exits.h"
#include "cursors.h"
#include "functions.h"

/* Const variables are followed into their initializers, this deep. */
#define INITIALIZER_DEPTH 8
/* Variables the body writes, up to this many; past it, every one counts
 * as written. */
#define MAX_WRITTEN 64

typedef struct body_facts {
    CXCursor kernel;     /* canonical */
    CXCursor written[MAX_WRITTEN];
    unsigned nwritten;
    bool too_many_written;
    bool leaves_alone;   /* a thread may return while others stay */
} body_facts;

/* ---- cursors ---- */

/* What a parenthesis or an implicit conversion stands for. */
static CXCursor stripped(CXCursor cursor)
{
    while (clang_getCursorKind(cursor) == CXCursor_ParenExpr || clang_getCursorKind(cursor) == CXCursor_UnexposedExpr) {
        CXCursor inner = cdpl_first_child(cursor);
        if (clang_Cursor_isNull(inner)) break;
        cursor = inner;
    }
    return cursor;
}

static bool is_assignment(CXCursor cursor)
{
    enum CXBinaryOperatorKind kind = clang_getCursorBinaryOperatorKind(cursor);
    return kind >= CXBinaryOperator_Assign && kind <= CXBinaryOperator_OrAssign;
}

static bool is_increment_or_address(CXCursor cursor)
{
    enum CXUnaryOperatorKind kind = clang_getCursorUnaryOperatorKind(cursor);
    return kind == CXUnaryOperator_PostInc || kind == CXUnaryOperator_PostDec || kind == CXUnaryOperator_PreInc ||
           kind == CXUnaryOperator_PreDec || kind == CXUnaryOperator_AddrOf;
}

/* ---- what the body writes ---- */

static void note_written(body_facts *facts, CXCursor expression)
{
    expression = stripped(expression);
    if (clang_getCursorKind(expression) != CXCursor_DeclRefExpr) return;
    if (facts->nwritten == MAX_WRITTEN) {
        facts->too_many_written = true;
        return;
    }
    facts->written[facts->nwritten++] = clang_getCanonicalCursor(clang_getCursorReferenced(expression));
}

static enum CXChildVisitResult note_every_reference(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    if (clang_getCursorKind(cursor) == CXCursor_DeclRefExpr) note_written(data, cursor);
    return CXChildVisit_Recurse;
}

/* Assignments, increments, addresses taken, arguments bound to references
 * (a variable passed to a call with no conversion), and whatever a lambda
 * names (it may capture by reference). */
static enum CXChildVisitResult find_writes(CXCursor cursor, CXCursor parent, CXClientData data)
{
    body_facts *facts = data;
    enum CXCursorKind kind = clang_getCursorKind(cursor);
    if (kind == CXCursor_LambdaExpr) {
        clang_visitChildren(cursor, note_every_reference, facts);
        return CXChildVisit_Continue;
    }
    if ((kind == CXCursor_BinaryOperator || kind == CXCursor_CompoundAssignOperator) && is_assignment(cursor)) {
        note_written(facts, cdpl_first_child(cursor));
    } else if (kind == CXCursor_UnaryOperator && is_increment_or_address(cursor)) {
        note_written(facts, cdpl_first_child(cursor));
    } else if (kind == CXCursor_DeclRefExpr && clang_getCursorKind(parent) == CXCursor_CallExpr) {
        note_written(facts, cursor);
    }
    return CXChildVisit_Recurse;
}

static bool is_written(const body_facts *facts, CXCursor declaration)
{
    if (facts->too_many_written) return true;
    CXCursor canonical = clang_getCanonicalCursor(declaration);
    for (unsigned i = 0; i < facts->nwritten; ++i)
        if (clang_equalCursors(facts->written[i], canonical)) return true;
    return false;
}

/* ---- values with one value for the whole block ---- */

static bool block_uniform(const body_facts *facts, CXCursor expression, unsigned depth);

typedef struct uniform_walk {
    const body_facts *facts;
    unsigned depth;
    bool uniform;
} uniform_walk;

static enum CXChildVisitResult check_child(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    uniform_walk *walk = data;
    walk->uniform = block_uniform(walk->facts, cursor, walk->depth);
    return walk->uniform ? CXChildVisit_Continue : CXChildVisit_Break;
}

static bool children_uniform(const body_facts *facts, CXCursor expression, unsigned depth)
{
    uniform_walk walk = {facts, depth, true};
    clang_visitChildren(expression, check_child, &walk);
    return walk.uniform;
}

/* Of clang's builtin variables, those with one value for the whole block. */
static bool is_block_builtin(CXCursor variable)
{
    CXString name = clang_getCursorSpelling(variable);
    const char *text = clang_getCString(name);
    bool named = text != NULL &&
                 (strcmp(text, "blockDim") == 0 || strcmp(text, "gridDim") == 0 || strcmp(text, "blockIdx") == 0);
    clang_disposeString(name);
    return named;
}

static enum CXChildVisitResult take_last_expression(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    if (clang_isExpression(clang_getCursorKind(cursor))) *(CXCursor *)data = cursor;
    return CXChildVisit_Continue;
}

/* A number, an enumeration or a pointer: a variable of such a type changes
 * only where find_writes sees it (a struct could change through a member
 * or a member call). */
static bool is_scalar(CXType type)
{
    enum CXTypeKind kind = clang_getCanonicalType(type).kind;
    return (kind >= CXType_FirstBuiltin && kind <= CXType_LastBuiltin) || kind == CXType_Enum ||
           kind == CXType_Pointer;
}

static bool variable_uniform(const body_facts *facts, CXCursor variable, unsigned depth)
{
    if (cdpl_is_cuda_builtin_variable(variable)) return is_block_builtin(variable);
    CXType type = clang_getCursorType(variable);
    if (!is_scalar(type) || !clang_isConstQualifiedType(type) || is_written(facts, variable)) return false;
    enum CXCursorKind scope = clang_getCursorKind(clang_getCursorSemanticParent(variable));
    if (scope == CXCursor_TranslationUnit || scope == CXCursor_Namespace) return true;
    CXCursor initializer = clang_getNullCursor();
    clang_visitChildren(variable, take_last_expression, &initializer);
    return !clang_Cursor_isNull(initializer) && depth < INITIALIZER_DEPTH &&
           block_uniform(facts, initializer, depth + 1);
}

static bool reference_uniform(const body_facts *facts, CXCursor reference, unsigned depth)
{
    CXCursor declaration = clang_getCursorReferenced(reference);
    switch (clang_getCursorKind(declaration)) {
    case CXCursor_EnumConstantDecl:
        return true;
    case CXCursor_ParmDecl:
        return clang_equalCursors(clang_getCanonicalCursor(clang_getCursorSemanticParent(declaration)),
                                  facts->kernel) &&
               is_scalar(clang_getCursorType(declaration)) && !is_written(facts, declaration);
    case CXCursor_VarDecl:
        return variable_uniform(facts, declaration, depth);
    default:
        return false;
    }
}

static bool block_uniform(const body_facts *facts, CXCursor expression, unsigned depth)
{
    switch (clang_getCursorKind(expression)) {
    case CXCursor_IntegerLiteral:
    case CXCursor_FloatingLiteral:
    case CXCursor_CharacterLiteral:
    case CXCursor_CXXBoolLiteralExpr:
    case CXCursor_CXXNullPtrLiteralExpr:
        return true;
    case CXCursor_DeclRefExpr:
        return reference_uniform(facts, expression, depth);
    case CXCursor_BinaryOperator:
        return !is_assignment(expression) && children_uniform(facts, expression, depth);
    case CXCursor_UnaryOperator: {
        enum CXUnaryOperatorKind kind = clang_getCursorUnaryOperatorKind(expression);
        /* A load through a pointer may differ between threads. */
        return !is_increment_or_address(expression) && kind != CXUnaryOperator_Deref &&
               children_uniform(facts, expression, depth);
    }
    case CXCursor_ParenExpr:
    case CXCursor_UnexposedExpr:
    case CXCursor_MemberRefExpr:
    case CXCursor_CStyleCastExpr:
    case CXCursor_CXXStaticCastExpr:
    case CXCursor_CXXFunctionalCastExpr:
    case CXCursor_ConditionalOperator:
        return children_uniform(facts, expression, depth);
    default:
        return false;
    }
}

/* ---- where the body returns ---- */

typedef struct statement_walk {
    body_facts *facts;
    bool uniform_path;   /* every enclosing condition has one value for the block */
} statement_walk;

static enum CXChildVisitResult walk_statement(CXCursor cursor, CXCursor parent, CXClientData data);

static void walk_children(body_facts *facts, CXCursor cursor, bool uniform_path)
{
    statement_walk walk = {facts, uniform_path};
    clang_visitChildren(cursor, walk_statement, &walk);
}

typedef struct cursor_list {
    CXCursor items[4];
    unsigned count;
    bool more;
} cursor_list;

static enum CXChildVisitResult collect(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    cursor_list *list = data;
    if (list->count == 4) {
        list->more = true;
        return CXChildVisit_Break;
    }
    list->items[list->count++] = cursor;
    return CXChildVisit_Continue;
}

/* `if (condition) then [else otherwise]`: the branches keep the path
 * uniform only under a uniform condition. With an initializer or a
 * condition variable, nothing is assumed. */
static void walk_if(body_facts *facts, CXCursor statement, bool uniform_path)
{
    cursor_list parts = {0};
    clang_visitChildren(statement, collect, &parts);
    if (parts.more || parts.count < 2 || !clang_isExpression(clang_getCursorKind(parts.items[0]))) {
        walk_children(facts, statement, false);
        return;
    }
    bool condition_uniform = block_uniform(facts, parts.items[0], 0);
    walk_children(facts, parts.items[0], false);
    for (unsigned i = 1; i < parts.count; ++i) {
        statement_walk walk = {facts, uniform_path && condition_uniform};
        if (walk_statement(parts.items[i], statement, &walk) == CXChildVisit_Recurse)
            walk_children(facts, parts.items[i], walk.uniform_path);
    }
}

static enum CXChildVisitResult walk_statement(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    statement_walk *walk = data;
    switch (clang_getCursorKind(cursor)) {
    case CXCursor_ReturnStmt:
        if (!walk->uniform_path) walk->facts->leaves_alone = true;
        return CXChildVisit_Continue;
    case CXCursor_LambdaExpr:
        return CXChildVisit_Continue;
    case CXCursor_AsmStmt:
    case CXCursor_MSAsmStmt:
        walk->facts->leaves_alone = true;
        return CXChildVisit_Break;
    case CXCursor_IfStmt:
        walk_if(walk->facts, cursor, walk->uniform_path);
        return CXChildVisit_Continue;
    case CXCursor_GotoStmt:
    case CXCursor_IndirectGotoStmt:
        /* A jump may reach a return by a path of some threads only. */
        walk->facts->leaves_alone = true;
        return CXChildVisit_Break;
    case CXCursor_ForStmt:
    case CXCursor_WhileStmt:
    case CXCursor_DoStmt:
    case CXCursor_CXXForRangeStmt:
    case CXCursor_SwitchStmt:
    case CXCursor_CXXTryStmt:
        walk_children(walk->facts, cursor, false);
        return CXChildVisit_Continue;
    default:
        return CXChildVisit_Recurse;
    }
}

static void record_body(cdpl_context *context, const cdpl_unit *unit, CXCursor definition, CXCursor body,
                        void *data)
{
    (void)unit;
    (void)data;
    size_t index = cdpl_function_of(context, definition);
    if (index == SIZE_MAX || context->model->functions[index].side != CDPL_SIDE_KERNEL) return;
    body_facts facts;
    memset(&facts, 0, sizeof facts);
    facts.kernel = clang_getCanonicalCursor(definition);
    clang_visitChildren(body, find_writes, &facts);
    walk_children(&facts, body, true);
    /* Both parses see the body: a thread that may leave alone in either
     * (code under #if __CUDA_ARCH__ differs) counts. */
    cdpl_function *kernel = &context->model->functions[index];
    if (facts.leaves_alone) kernel->threads_may_leave_alone = true;
}

void cdpl_find_block_exits(cdpl_context *context)
{
    cdpl_model *model = context->model;
    for (size_t f = 0; f < model->nfunctions; ++f)
        model->functions[f].threads_may_leave_alone = !model->functions[f].has_body;
    cdpl_visit_definitions(context, &context->host, true, record_body, NULL);
    cdpl_visit_definitions(context, &context->device, true, record_body, NULL);
}
