/* Runs libclang on the input twice. The host-side parse has the full AST of
 * launches; the device-side parse (--cuda-device-only) is the only one that
 * sees code under #if __CUDA_ARCH__. */
#include "parse.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifndef CDPL_STUB_INCLUDE_DIR
#error "CDPL_STUB_INCLUDE_DIR must name the directory holding texture_fetch_functions.h"
#endif
#ifndef CDPL_CLANG_RESOURCE_DIR
#error "CDPL_CLANG_RESOURCE_DIR must name clang's resource directory (lib/clang/<major>)"
#endif

enum { fixed_argument_count = 12 };

static char *joined(const char *prefix, const char *value)
{
    size_t prefix_length = strlen(prefix), value_length = strlen(value);
    char *text = malloc(prefix_length + value_length + 1);
    if (text != NULL) {
        memcpy(text, prefix, prefix_length);
        memcpy(text + prefix_length, value, value_length + 1);
    }
    return text;
}

static bool parse_one(cdpl_context *context, CXIndex index, const char *path, const char *const *arguments,
                      int count, cdpl_unit *unit)
{
    struct CXUnsavedFile contents = {path, context->model->source, (unsigned long)context->model->source_size};
    /* The preprocessing record lets stream macros be looked up by name. */
    unsigned flags = CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_KeepGoing;
    enum CXErrorCode status =
        clang_parseTranslationUnit2(index, path, arguments, count, &contents, 1, flags, &unit->tu);
    if (status != CXError_Success || unit->tu == NULL) {
        cdpl_model_diagnose(context->model, CDPL_ERROR, (cdpl_loc){0, 0, NULL},
                            "libclang could not parse the file (error %d)%s", (int)status,
                            unit->device_side ? " on the device side" : "");
        return false;
    }
    unit->main_file = clang_getFile(unit->tu, path);
    if (unit->main_file == NULL) {
        cdpl_model_diagnose(context->model, CDPL_ERROR, (cdpl_loc){0, 0, NULL},
                            "libclang parsed the file but does not know it as its main file");
        return false;
    }
    return true;
}

/* Whether clang stopped at its limit of errors (20 by default). */
static bool stopped_at_error_limit(const cdpl_unit *unit)
{
    bool stopped = false;
    unsigned count = clang_getNumDiagnostics(unit->tu);
    for (unsigned d = 0; d < count && !stopped; ++d) {
        CXDiagnostic diagnostic = clang_getDiagnostic(unit->tu, d);
        CXString message = clang_getDiagnosticSpelling(diagnostic);
        stopped = clang_getDiagnosticSeverity(diagnostic) == CXDiagnostic_Fatal &&
                  strstr(clang_getCString(message), "too many errors emitted") != NULL;
        clang_disposeString(message);
        clang_disposeDiagnostic(diagnostic);
    }
    return stopped;
}

static bool is_directory(const char *path)
{
    struct stat status;
    return stat(path, &status) == 0 && S_ISDIR(status.st_mode);
}

/* CUDA 13 keeps the C++ libraries that its own headers include (libcu++'s
 * <cuda/std/...>, which cooperative_groups.h needs; CUB; Thrust) in
 * include/cccl, which nvcc puts on the include path and clang 19 does not
 * know of. NULL for a toolkit without it. */
static char *cccl_include_dir(const char *cuda_path)
{
    char *dir = joined(cuda_path, "/include/cccl");
    if (dir != NULL && !is_directory(dir)) {
        free(dir);
        dir = NULL;
    }
    return dir;
}

/* libclang has no executable to find clang's resource directory from: its
 * driver takes the relative "lib/clang/<major>", which misses the CUDA
 * wrappers kept there (the device side's <new>, so placement new and CUB
 * fail). The one found at configure time, unless the user names one or it
 * is gone. */
static const char *resource_dir(const cdpl_parse_options *options)
{
    for (size_t e = 0; e < options->nextra_args; ++e)
        if (strncmp(options->extra_args[e], "-resource-dir", strlen("-resource-dir")) == 0) return NULL;
    return is_directory(CDPL_CLANG_RESOURCE_DIR) ? CDPL_CLANG_RESOURCE_DIR : NULL;
}

bool cdpl_parse_units(cdpl_context *context, CXIndex index, const char *path, const cdpl_parse_options *options)
{
    const char *cuda_path = options->cuda_path != NULL ? options->cuda_path : "/usr/local/cuda";
    const char *arch = options->offload_arch != NULL ? options->offload_arch : "sm_90";
    const char *stubs = options->stub_include_dir != NULL ? options->stub_include_dir : CDPL_STUB_INCLUDE_DIR;

    size_t count = fixed_argument_count + options->nextra_args + 3;
    const char **arguments = calloc(count, sizeof *arguments);
    char *cuda_path_argument = joined("--cuda-path=", cuda_path);
    char *arch_argument = joined("--cuda-gpu-arch=", arch);
    char *cccl = cccl_include_dir(cuda_path);
    const char *resources = resource_dir(options);
    bool parsed = false;
    if (arguments == NULL || cuda_path_argument == NULL || arch_argument == NULL) {
        context->out_of_memory = true;
    } else {
        size_t n = 0;
        arguments[n++] = "-x";
        arguments[n++] = "cuda";
        arguments[n++] = cuda_path_argument;
        arguments[n++] = arch_argument;
        arguments[n++] = "-nocudalib";
        arguments[n++] = "-Wno-unknown-cuda-version";
        arguments[n++] = "-isystem";
        arguments[n++] = stubs;
        if (cccl != NULL) {
            arguments[n++] = "-isystem";
            arguments[n++] = cccl;
        }
        if (resources != NULL) {
            arguments[n++] = "-resource-dir";
            arguments[n++] = resources;
        }
        for (size_t e = 0; e < options->nextra_args; ++e) arguments[n++] = options->extra_args[e];
        context->host.device_side = false;
        context->device.device_side = true;
        parsed = parse_one(context, index, path, arguments, (int)n, &context->host);
        /* Past clang's limit of errors the rest of the file goes unseen,
         * and a file that is no source at all stops there. Source whose
         * code only libclang rejects may stop there too (a launch of a
         * kernel template declared here, in each of many explicit
         * instantiations): parsed again without a limit, the analysis
         * sees it whole and can say what it refuses and why, while the
         * file still counts as one clang could not read through. */
        bool unlimited = false;
        if (parsed && stopped_at_error_limit(&context->host)) {
            context->host_hit_error_limit = unlimited = true;
            clang_disposeTranslationUnit(context->host.tu);
            context->host.tu = NULL;
            arguments[n++] = "-ferror-limit=0";
            parsed = parse_one(context, index, path, arguments, (int)n, &context->host);
        }
        if (parsed) {
            arguments[n++] = "--cuda-device-only";
            /* It reports every device launch as an error that cdp-lower
             * expects: past clang's limit of 20 it stopped, and said only
             * that, where a kernel template with many explicit
             * instantiations has many launches. */
            if (!unlimited) arguments[n++] = "-ferror-limit=0";
            parsed = parse_one(context, index, path, arguments, (int)n, &context->device);
        }
    }
    free(arguments);
    free(cuda_path_argument);
    free(arch_argument);
    free(cccl);
    return parsed;
}

void cdpl_dispose_units(cdpl_context *context)
{
    if (context->host.tu != NULL) clang_disposeTranslationUnit(context->host.tu);
    if (context->device.tu != NULL) clang_disposeTranslationUnit(context->device.tu);
    context->host = (cdpl_unit){0};
    context->device = (cdpl_unit){0};
}
