/* Device runtime API calls in code that runs on the device. Both parses are
 * walked: the device-side one alone sees #if __CUDA_ARCH__ code. A call that
 * does not resolve (CUDA 12 removed device-side cudaDeviceSynchronize) is
 * still found through the name it refers to. */
#include "api_calls.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cursors.h"
#include "functions.h"
#include "launch_sites.h"
#include "source.h"

typedef struct api_walk {
    cdpl_context *context;
    const cdpl_unit *unit;
    size_t caller;
    cdpl_range device_lambda; /* in a host function: the __device__ lambda the walk is in */
} api_walk;

static bool api_named(const char *name, cdpl_api *api)
{
    for (int a = 0; a < CDPL_API_COUNT; ++a)
        if (strcmp(cdpl_api_name((cdpl_api)a), name) == 0) {
            *api = (cdpl_api)a;
            return true;
        }
    return false;
}

/* The declaration a call's callee names, through implicit conversions and
 * unresolved overload sets. */
static CXCursor callee_declaration(CXCursor callee, CXCursor *reference)
{
    for (;;) {
        enum CXCursorKind kind = clang_getCursorKind(callee);
        if (kind == CXCursor_OverloadedDeclRef) {
            *reference = callee;
            return clang_getNumOverloadedDecls(callee) > 0 ? clang_getOverloadedDecl(callee, 0) : clang_getNullCursor();
        }
        if (kind == CXCursor_DeclRefExpr) {
            CXCursor target = clang_getCursorReferenced(callee);
            if (clang_getCursorKind(target) == CXCursor_OverloadedDeclRef) {
                callee = target;
                continue;
            }
            if (!clang_Cursor_isNull(target)) {
                *reference = callee;
                return target;
            }
        } else if (kind != CXCursor_UnexposedExpr && kind != CXCursor_ParenExpr) {
            return clang_getNullCursor();
        }
        CXCursor inner = cdpl_first_child(callee);
        if (clang_Cursor_isNull(inner)) return clang_getNullCursor();
        callee = inner;
    }
}

static void report_unsupported(cdpl_context *context, cdpl_api api, cdpl_loc loc)
{
    cdpl_model *model = context->model;
    switch (api) {
    case CDPL_API_DEVICE_SYNCHRONIZE:
        cdpl_model_diagnose(model, CDPL_ERROR, loc,
                            "device-side cudaDeviceSynchronize: CDP1 device-side synchronization was removed "
                            "in CUDA 12 and cannot be lowered faithfully; use a tail launch "
                            "(cudaStreamTailLaunch) to run code after children complete");
        break;
    case CDPL_API_LAUNCH_DEVICE:
    case CDPL_API_LAUNCH_DEVICE_V2:
    case CDPL_API_GET_PARAMETER_BUFFER:
        cdpl_model_diagnose(model, CDPL_ERROR, loc,
                            "device-side %s (the low-level launch API) is not supported; launch kernels "
                            "with `<<<...>>>` so cdp-lower can lower them",
                            cdpl_api_name(api));
        break;
    case CDPL_API_GRAPH_LAUNCH:
        cdpl_model_diagnose(model, CDPL_ERROR, loc,
                            "device-side cudaGraphLaunch is not supported; launch the graph from the host");
        break;
    case CDPL_API_EVENT_RECORD_WITH_FLAGS:
        cdpl_model_diagnose(model, CDPL_ERROR, loc,
                            "device-side cudaEventRecordWithFlags is not supported: CUDA 13.0's cudadevrt "
                            "does not define it, so no native build links it either; use cudaEventRecord");
        break;
    default:
        break;
    }
}

static void record_call(cdpl_context *context, size_t caller, bool device_side, cdpl_api api,
                        cdpl_range callee_name, cdpl_range whole)
{
    cdpl_model *model = context->model;
    for (size_t c = 0; c < model->napi_calls; ++c) {
        cdpl_api_call *known = &model->api_calls[c];
        /* A call in a macro's definition is one call per use of the macro. */
        if (known->callee_name.begin != callee_name.begin || known->caller != caller) continue;
        if (device_side && !known->device_side) {
            known->device_side = true;
            report_unsupported(context, api, known->loc);
        }
        return;
    }
    size_t at = callee_name.begin >= whole.begin && callee_name.begin < whole.end ? callee_name.begin : whole.begin;
    cdpl_api_call call = {api, caller, device_side, cdpl_loc_at(model, at), callee_name, whole};
    if (cdpl_append(context, &model->api_calls, &model->napi_calls, sizeof call, &call) && device_side)
        report_unsupported(context, api, call.loc);
}

void cdpl_add_device_api_call(cdpl_context *context, size_t caller, cdpl_range callee_name, cdpl_range whole)
{
    for (int a = 0; a < CDPL_API_COUNT; ++a)
        if (cdpl_text_is(context->model, callee_name, cdpl_api_name((cdpl_api)a)))
            record_call(context, caller, true, (cdpl_api)a, callee_name, whole);
}

static bool in_caller_body(const api_walk *walk, size_t offset)
{
    const cdpl_function *caller = &walk->context->model->functions[walk->caller];
    return offset >= caller->body.begin && offset < caller->body.end;
}

/* The cursor's text as written: inside a macro argument when it is one. */
static bool written_range(const api_walk *walk, CXCursor cursor, cdpl_range *range)
{
    CXSourceRange extent = clang_getCursorExtent(cursor);
    size_t begin = 0, end = 0;
    if (cdpl_spelled_main_offset(walk->unit, clang_getRangeStart(extent), &begin) &&
        cdpl_spelled_main_offset(walk->unit, clang_getRangeEnd(extent), &end) && begin < end &&
        in_caller_body(walk, begin) && in_caller_body(walk, end - 1)) {
        *range = (cdpl_range){begin, end};
        return true;
    }
    return cdpl_main_range(walk->unit, extent, range);
}

/* A call in a __device__ lambda of host code belongs to the kernels that
 * run the lambda (launch_sites.c found them); when they cannot be named,
 * the call cannot be made safe in them. */
static void record_in_device_lambda(api_walk *walk, cdpl_api api, cdpl_range callee_name, cdpl_range whole)
{
    cdpl_context *context = walk->context;
    for (size_t r = 0; r < context->nlambda_receivers; ++r) {
        const cdpl_lambda_receiver *receiver = &context->lambda_receivers[r];
        if (receiver->extent.begin != walk->device_lambda.begin) continue;
        if (receiver->kernel != SIZE_MAX) {
            record_call(context, receiver->kernel, true, api, callee_name, whole);
            continue;
        }
        cdpl_model_diagnose(context->model, CDPL_ERROR, cdpl_loc_at(context->model, whole.begin),
                            "device-side %s inside a __device__ lambda written in host code that is used other "
                            "than as an argument of kernel launches in this function: cdp-lower cannot tell which "
                            "kernels run it; pass the lambda only to kernel launches",
                            cdpl_api_name(api));
        return;
    }
}

static void examine_call(api_walk *walk, CXCursor call)
{
    CXCursor callee = cdpl_first_child(call);
    if (clang_Cursor_isNull(callee)) return;
    CXCursor reference = clang_getNullCursor();
    CXCursor declaration = callee_declaration(callee, &reference);
    if (clang_Cursor_isNull(declaration) || cdpl_cursor_in_main_file(walk->unit, declaration)) return;
    CXString name = clang_getCursorSpelling(declaration);
    cdpl_api api;
    bool known = api_named(clang_getCString(name), &api);
    clang_disposeString(name);
    if (!known) return;

    size_t name_offset = 0;
    cdpl_range reference_range, whole;
    if (!cdpl_spelled_main_offset(walk->unit, clang_getCursorLocation(reference), &name_offset)) return;
    /* Where the name is written: in the body, inside the argument of a
     * macro like CHECK(cudaGetLastError()), or in a macro's definition. The
     * renaming happens there; in a definition it serves every use of the
     * macro, host ones too, as the runtime's versions work on the host. */
    bool in_definition = !in_caller_body(walk, name_offset) || cdpl_in_directive(walk->context->model, name_offset);
    if (in_definition) {
        if (!cdpl_main_range(walk->unit, clang_getCursorExtent(call), &whole) ||
            clang_getCursorKind(call) != CXCursor_CallExpr)
            return;
        if (api == CDPL_API_FUNC_GET_ATTRIBUTES || api == CDPL_API_OCCUPANCY || api == CDPL_API_OCCUPANCY_WITH_FLAGS) {
            cdpl_model_diagnose(walk->context->model, CDPL_ERROR, cdpl_loc_at(walk->context->model, whole.begin),
                                "device-side %s is spelled inside a macro definition; cdp-lower cannot rewrite "
                                "its kernel argument there for every use of the macro: call it directly",
                                cdpl_api_name(api));
            return;
        }
    } else if (!written_range(walk, reference, &reference_range) || !written_range(walk, call, &whole) ||
               whole.end <= reference_range.end) {
        return; /* a conversion of the name, not the call around it */
    }
    cdpl_range callee_name = {name_offset, name_offset + strlen(cdpl_api_name(api))};
    if (!cdpl_text_is(walk->context->model, callee_name, cdpl_api_name(api))) return;
    cdpl_function_side side = walk->context->model->functions[walk->caller].side;
    if (side == CDPL_SIDE_HOST) {
        record_in_device_lambda(walk, api, callee_name, whole);
        return;
    }
    /* Kernel and __device__ bodies only ever run on the device; a
     * __host__ __device__ body does where the device-side parse sees it. */
    bool device_side = side == CDPL_SIDE_KERNEL || side == CDPL_SIDE_DEVICE || walk->unit->device_side;
    record_call(walk->context, walk->caller, device_side, api, callee_name, whole);
}

static enum CXChildVisitResult visit_statement(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    api_walk *walk = data;
    enum CXCursorKind kind = clang_getCursorKind(cursor);
    bool in_host_code = walk->context->model->functions[walk->caller].side == CDPL_SIDE_HOST;
    if (in_host_code && kind == CXCursor_LambdaExpr && walk->device_lambda.end == 0 &&
        cdpl_is_device_lambda(walk->context, walk->unit, cursor)) {
        api_walk inner = *walk;
        if (cdpl_cursor_main_range(walk->unit, cursor, &inner.device_lambda))
            clang_visitChildren(cursor, visit_statement, &inner);
        return CXChildVisit_Continue;
    }
    if ((kind == CXCursor_CallExpr || kind == CXCursor_UnexposedExpr) && (!in_host_code || walk->device_lambda.end != 0))
        examine_call(walk, cursor);
    return CXChildVisit_Recurse;
}

static void find_in_definition(cdpl_context *context, const cdpl_unit *unit, CXCursor definition, CXCursor body,
                               void *data)
{
    (void)data;
    size_t caller = cdpl_function_of(context, definition);
    if (caller == SIZE_MAX) return;
    api_walk walk = {context, unit, caller, {0, 0}};
    clang_visitChildren(body, visit_statement, &walk);
}

void cdpl_find_api_calls(cdpl_context *context)
{
    cdpl_visit_definitions(context, &context->host, true, find_in_definition, NULL);
    cdpl_visit_definitions(context, &context->device, true, find_in_definition, NULL);
}
