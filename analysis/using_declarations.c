/* Using-declarations of the main file, at namespace scope or in a body,
 * whose name is a function of the model. */
#include "using_declarations.h"

#include <stdint.h>
#include <stdlib.h>

#include "functions.h"
#include "source.h"

typedef struct using_walk {
    cdpl_context *context;
    const cdpl_unit *unit;
    CXCursor declaration; /* the using-declaration being read */
} using_walk;

static bool known(const cdpl_model *model, size_t end)
{
    for (size_t u = 0; u < model->nusing_decls; ++u)
        if (model->using_decls[u].end == end) return true;
    return false;
}

/* The offset just past the `;` that ends a using-declaration whose name
 * ends at `name_end`; 0 when something else comes first (a macro, a second
 * declarator). */
static size_t end_of_statement(const cdpl_model *model, size_t name_end)
{
    size_t at = name_end;
    while (at < model->source_size && (model->source[at] == ' ' || model->source[at] == '\t')) ++at;
    return at < model->source_size && model->source[at] == ';' ? at + 1 : 0;
}

static void record(using_walk *walk, CXCursor name_ref, size_t function)
{
    cdpl_model *model = walk->context->model;
    cdpl_range whole, name;
    if (!cdpl_cursor_main_range(walk->unit, walk->declaration, &whole) ||
        !cdpl_cursor_main_range(walk->unit, name_ref, &name) ||
        !cdpl_text_is(model, name, model->functions[function].name))
        return;
    size_t end = end_of_statement(model, name.end);
    if (end == 0 || known(model, end)) return;
    cdpl_using_decl found = {function, {whole.begin, name.begin}, end};
    cdpl_append(walk->context, &model->using_decls, &model->nusing_decls, sizeof found, &found);
}

static enum CXChildVisitResult find_named_function(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    using_walk *walk = data;
    if (clang_getCursorKind(cursor) != CXCursor_OverloadedDeclRef) return CXChildVisit_Continue;
    for (unsigned d = 0; d < clang_getNumOverloadedDecls(cursor); ++d) {
        size_t function = cdpl_function_of(walk->context, clang_getOverloadedDecl(cursor, d));
        if (function != SIZE_MAX) {
            record(walk, cursor, function);
            break;
        }
    }
    return CXChildVisit_Continue;
}

static enum CXChildVisitResult find_using(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    using_walk *walk = data;
    if (clang_Location_isInSystemHeader(clang_getCursorLocation(cursor))) return CXChildVisit_Continue;
    if (clang_getCursorKind(cursor) == CXCursor_UsingDeclaration && cdpl_cursor_in_main_file(walk->unit, cursor)) {
        walk->declaration = cursor;
        clang_visitChildren(cursor, find_named_function, walk);
        return CXChildVisit_Continue;
    }
    return CXChildVisit_Recurse;
}

static int by_end(const void *left, const void *right)
{
    size_t a = ((const cdpl_using_decl *)left)->end, b = ((const cdpl_using_decl *)right)->end;
    return (a > b) - (a < b);
}

void cdpl_find_using_declarations(cdpl_context *context)
{
    const cdpl_unit *units[] = {&context->host, &context->device};
    for (size_t u = 0; u < 2; ++u) {
        using_walk walk = {context, units[u], clang_getNullCursor()};
        clang_visitChildren(clang_getTranslationUnitCursor(units[u]->tu), find_using, &walk);
    }
    cdpl_model *model = context->model;
    if (model->nusing_decls > 1) qsort(model->using_decls, model->nusing_decls, sizeof *model->using_decls, by_end);
}
