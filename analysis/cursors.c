#include "cursors.h"

static enum CXChildVisitResult take_first(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    *(CXCursor *)data = cursor;
    return CXChildVisit_Break;
}

CXCursor cdpl_first_child(CXCursor cursor)
{
    CXCursor child = clang_getNullCursor();
    clang_visitChildren(cursor, take_first, &child);
    return child;
}
