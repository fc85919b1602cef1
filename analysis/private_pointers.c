#include "private_pointers.h"

#include <stdbool.h>

#include "cursors.h"

/* Looks through implicit conversions, parentheses and casts. */
static CXCursor strip(CXCursor expression)
{
    for (;;) {
        switch (clang_getCursorKind(expression)) {
        case CXCursor_UnexposedExpr:
        case CXCursor_ParenExpr:
        case CXCursor_CStyleCastExpr:
        case CXCursor_CXXStaticCastExpr:
        case CXCursor_CXXReinterpretCastExpr:
        case CXCursor_CXXConstCastExpr: {
            CXCursor inner = cdpl_first_child(expression);
            if (clang_Cursor_isNull(inner)) return expression;
            expression = inner;
            break;
        }
        default:
            return expression;
        }
    }
}

static enum CXChildVisitResult find_shared_attribute(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    if (clang_getCursorKind(cursor) == CXCursor_CUDASharedAttr) {
        *(bool *)data = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Continue;
}

static bool is_shared(CXCursor variable)
{
    bool shared = false;
    clang_visitChildren(variable, find_shared_attribute, &shared);
    return shared;
}

static bool is_array(CXType type)
{
    switch (clang_getCanonicalType(type).kind) {
    case CXType_ConstantArray:
    case CXType_IncompleteArray:
    case CXType_VariableArray:
    case CXType_DependentSizedArray:
        return true;
    default:
        return false;
    }
}

/* A variable of a function's own storage: not static, not a global. */
static bool is_local(CXCursor variable)
{
    enum CXCursorKind scope = clang_getCursorKind(clang_getCursorSemanticParent(variable));
    bool in_function = scope == CXCursor_FunctionDecl || scope == CXCursor_CXXMethod ||
                       scope == CXCursor_FunctionTemplate || scope == CXCursor_LambdaExpr;
    return in_function && clang_Cursor_getStorageClass(variable) != CX_SC_Static;
}

void cdpl_warn_private_pointer(cdpl_context *context, CXCursor argument, const char *kernel, unsigned position,
                               cdpl_loc loc)
{
    CXCursor expression = strip(argument);
    bool address_taken = clang_getCursorKind(expression) == CXCursor_UnaryOperator &&
                         clang_getCursorUnaryOperatorKind(expression) == CXUnaryOperator_AddrOf;
    if (address_taken) expression = strip(cdpl_first_child(expression));
    /* Without `&`, only an array names its memory (it decays to a pointer):
     * a whole local array, or an element that is an array itself (`m[1]`
     * of `int m[4][8]`); an element's value (`levels[i]`, a pointer or an
     * integer read from a local array) is no address of it. */
    const bool names_memory = address_taken || is_array(clang_getCursorType(expression));
    if (!names_memory) return;
    while (clang_getCursorKind(expression) == CXCursor_ArraySubscriptExpr) {
        CXCursor base = strip(cdpl_first_child(expression));
        /* Through a pointer (`&p[2]`), the element is wherever it points. */
        if (!is_array(clang_getCursorType(base))) return;
        expression = base;
    }
    if (clang_getCursorKind(expression) != CXCursor_DeclRefExpr) return;
    CXCursor variable = clang_getCursorReferenced(expression);
    if (clang_getCursorKind(variable) != CXCursor_VarDecl) return;
    if (is_shared(variable))
        cdpl_model_diagnose(context->model, CDPL_WARNING, loc,
                            "argument %u of this launch of '%s' points to __shared__ memory of the launching "
                            "block, which the child grid cannot see (undefined in CUDA Dynamic Parallelism)",
                            position, kernel);
    else if (is_local(variable))
        cdpl_model_diagnose(context->model, CDPL_WARNING, loc,
                            "argument %u of this launch of '%s' points to a local variable of the launching "
                            "thread, which the child grid cannot see (undefined in CUDA Dynamic Parallelism)",
                            position, kernel);
}
