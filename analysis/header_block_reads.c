/* Answers are kept by USR: a header function is asked about from every body
 * that calls it, and its callees are walked once. */
#include "header_block_reads.h"

#include <stdlib.h>
#include <string.h>

#include "functions.h"

typedef struct block_read_walk {
    cdpl_context *context;
    bool reads;
} block_read_walk;

static enum CXChildVisitResult find_block_read(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    block_read_walk *walk = data;
    enum CXCursorKind kind = clang_getCursorKind(cursor);
    if (kind == CXCursor_DeclRefExpr || kind == CXCursor_MemberRefExpr || kind == CXCursor_CallExpr) {
        CXCursor referenced = clang_getCursorReferenced(cursor);
        if (cdpl_is_virtualized_builtin(referenced) ||
            (cdpl_is_function_kind(clang_getCursorKind(referenced)) &&
             cdpl_header_function_reads_block(walk->context, referenced)))
            walk->reads = true;
    }
    return walk->reads ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static cdpl_header_read *known(cdpl_context *context, const char *usr)
{
    for (size_t r = 0; r < context->nheader_reads; ++r)
        if (strcmp(context->header_reads[r].usr, usr) == 0) return &context->header_reads[r];
    return NULL;
}

bool cdpl_header_function_reads_block(cdpl_context *context, CXCursor function)
{
    CXString usr_string = clang_getCursorUSR(function);
    const char *usr = clang_getCString(usr_string);
    if (usr == NULL || *usr == '\0') {
        clang_disposeString(usr_string);
        return false;
    }
    cdpl_header_read *answer = known(context, usr);
    if (answer != NULL) {
        clang_disposeString(usr_string);
        return answer->reads;
    }
    /* No until found: a recursive call asks again while its walk runs. */
    cdpl_header_read asked = {cdpl_strdup(context, usr), false};
    clang_disposeString(usr_string);
    if (asked.usr == NULL || !cdpl_append(context, &context->header_reads, &context->nheader_reads, sizeof asked, &asked)) {
        free(asked.usr);
        return false;
    }
    size_t index = context->nheader_reads - 1;
    CXCursor definition = clang_getCursorDefinition(function);
    block_read_walk walk = {context, false};
    if (!clang_Cursor_isNull(definition)) clang_visitChildren(definition, find_block_read, &walk);
    context->header_reads[index].reads = walk.reads;
    return walk.reads;
}

void cdpl_header_block_reads_dispose(cdpl_context *context)
{
    for (size_t r = 0; r < context->nheader_reads; ++r) free(context->header_reads[r].usr);
    free(context->header_reads);
    context->header_reads = NULL;
    context->nheader_reads = 0;
}
