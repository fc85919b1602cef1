/* The files a translation unit includes, for a build system's dependency
 * file: an edit to any of them can change what the analysis finds. */
#include "includes.h"

#include <stdlib.h>
#include <string.h>

static bool already_listed(const cdpl_model *model, const char *path)
{
    for (size_t i = 0; i < model->nincludes; ++i)
        if (strcmp(model->includes[i], path) == 0) return true;
    return false;
}

static void add_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
    (void)stack;
    cdpl_context *context = data;
    if (depth == 0) return; /* the main file itself */
    /* The real path does not depend on the working directory or on how an
     * -I option was spelled; libclang leaves it empty when it cannot tell. */
    CXString name = clang_File_tryGetRealPathName(file);
    if (clang_getCString(name) == NULL || clang_getCString(name)[0] == '\0') {
        clang_disposeString(name);
        name = clang_getFileName(file);
    }
    const char *path = clang_getCString(name);
    if (path != NULL && path[0] != '\0' && !already_listed(context->model, path)) {
        char *copy = cdpl_strdup(context, path);
        if (copy != NULL &&
            !cdpl_append(context, &context->model->includes, &context->model->nincludes, sizeof copy, &copy))
            free(copy);
    }
    clang_disposeString(name);
}

void cdpl_find_includes(cdpl_context *context)
{
    /* The device-side parse also sees #include lines under #if __CUDA_ARCH__. */
    clang_getInclusions(context->host.tu, add_inclusion, context);
    clang_getInclusions(context->device.tu, add_inclusion, context);
}
