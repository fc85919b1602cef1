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

static enum CXChildVisitResult find_device_attribute(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    enum CXCursorKind kind = clang_getCursorKind(cursor);
    if (kind != CXCursor_CUDAGlobalAttr && kind != CXCursor_CUDADeviceAttr) return CXChildVisit_Continue;
    *(bool *)data = true;
    return CXChildVisit_Break;
}

bool cdpl_runs_on_device(CXCursor function)
{
    bool on_device = false;
    clang_visitChildren(function, find_device_attribute, &on_device);
    return on_device;
}
