/* Launches that only the device-side parse sees (under #if __CUDA_ARCH__).
 * That parse drops every device-side launch from its AST and reports it
 * instead: "reference to __global__ function 'k' in __global__ function" at
 * the callee name, or "use of undeclared identifier cudaConfigureCall" at
 * `<<<` when the callee is not a plain kernel name. Each report the host
 * parse cannot account for is read back from the tokens at its location. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cursors.h"
#include "functions.h"
#include "launch_sites.h"
#include "source.h"
#include "stream_kind.h"

static const char kernel_reference_message[] = "reference to __global__ function '";
static const char configure_call_message[] = "cudaConfigureCall";

typedef enum report_kind { REPORT_OTHER, REPORT_AT_CALLEE, REPORT_AT_CHEVRONS } report_kind;

static report_kind kind_of_report(const char *message)
{
    if (strncmp(message, kernel_reference_message, sizeof kernel_reference_message - 1) == 0)
        return REPORT_AT_CALLEE;
    if (strstr(message, configure_call_message) != NULL) return REPORT_AT_CHEVRONS;
    return REPORT_OTHER;
}

typedef struct token_span {
    unsigned first;
    unsigned end;
} token_span;

typedef struct launch_text {
    const cdpl_model *model;
    const cdpl_tokens *tokens;
} launch_text;

static bool is(const launch_text *text, unsigned index, const char *spelling)
{
    return cdpl_token_is(text->model, text->tokens, index, spelling);
}

static bool opens(const launch_text *text, unsigned t) { return is(text, t, "(") || is(text, t, "[") || is(text, t, "{"); }

static bool closes(const launch_text *text, unsigned t) { return is(text, t, ")") || is(text, t, "]") || is(text, t, "}"); }

/* Splits tokens [first, end) at top-level commas; false when brackets do not balance. */
static bool split_at_commas(const launch_text *text, unsigned first, unsigned end, token_span *spans,
                            unsigned capacity, unsigned *count)
{
    *count = 0;
    if (first == end) return true;
    int depth = 0;
    unsigned start = first;
    for (unsigned t = first; t <= end; ++t) {
        if (t == end || (depth == 0 && is(text, t, ","))) {
            if (*count == capacity || t == start) return false;
            spans[(*count)++] = (token_span){start, t};
            start = t + 1;
        } else if (opens(text, t)) {
            ++depth;
        } else if (closes(text, t)) {
            --depth;
        }
    }
    return depth == 0;
}

/* Index of the `>>>` closing the configuration that starts after `open`. */
static unsigned configuration_end(const launch_text *text, unsigned open)
{
    int depth = 0;
    for (unsigned t = open + 1; t < text->tokens->count; ++t) {
        if (depth == 0 && is(text, t, ">>>")) return t;
        if (opens(text, t)) ++depth;
        else if (closes(text, t) && --depth < 0) break;
    }
    return text->tokens->count;
}

static cdpl_range span_range(const launch_text *text, token_span span)
{
    return cdpl_tokens_span(text->model, text->tokens, span.first, span.end - 1);
}

/* The USR part that a kernel named through qualifier tokens [first, name)
 * ends with: `a::b::k` -> "@N@a@N@b@F@k#", `::k` -> "c:@F@k#". NULL
 * without a qualifier. */
static char *qualified_usr_part(cdpl_context *context, const launch_text *text, unsigned first, unsigned name)
{
    if (first == name) return NULL;
    const cdpl_model *model = text->model;
    size_t size = 16;
    for (unsigned t = first; t <= name; ++t) size += text->tokens->ranges[t].end - text->tokens->ranges[t].begin + 4;
    char *part = malloc(size);
    if (part == NULL) {
        context->out_of_memory = true;
        return NULL;
    }
    part[0] = '\0';
    if (is(text, first, "::")) strcat(part, "c:");
    for (unsigned t = first; t <= name; ++t) {
        if (!cdpl_token_is_identifier(text->tokens, t)) continue;
        strcat(part, t == name ? "@F@" : "@N@");
        strncat(part, model->source + text->tokens->ranges[t].begin,
                text->tokens->ranges[t].end - text->tokens->ranges[t].begin);
    }
    strcat(part, "#");
    return part;
}

/* Keeps the candidates whose USR shows the qualifier, if any does (a
 * namespace alias or a class qualifier shows in none: then all stay). */
static void keep_qualified(const cdpl_model *model, const char *part, size_t *kernels, size_t *count)
{
    if (part == NULL) return;
    size_t kept = 0;
    bool global = strncmp(part, "c:", 2) == 0;
    for (size_t k = 0; k < *count; ++k) {
        const char *usr = model->functions[kernels[k]].usr;
        if (global ? strncmp(usr, part, strlen(part)) == 0 : strstr(usr, part) != NULL) kernels[kept++] = kernels[k];
    }
    if (kept > 0) *count = kept;
}

/* The kernels of the file spelled `name`, into *found (caller frees): one,
 * or all of an overload set, which clang cannot choose among in device
 * code; the launchers are overloaded like them, so the compiler of the
 * lowered file chooses. False, reported, when there is none. */
static bool kernels_named(cdpl_context *context, cdpl_range name, cdpl_loc loc, bool in_arch_guard, size_t **found,
                          size_t *count)
{
    cdpl_model *model = context->model;
    *found = NULL;
    *count = 0;
    if (!cdpl_add_kernels_named(context, model->source + name.begin, name.end - name.begin, found, count))
        return false;
    if (*count == 0) {
        cdpl_model_diagnose(model, CDPL_ERROR, loc,
                            "device-side launch of '%.*s'%s does not name a kernel defined in this file; "
                            "cdp-lower can only lower launches of this file's kernels",
                            (int)(name.end - name.begin), model->source + name.begin,
                            in_arch_guard ? " under #if __CUDA_ARCH__" : "");
        return false;
    }
    return true;
}

/* Whether a function of the file that is no kernel (a __device__ launcher,
 * say) has the kernel's name: clang rejects the launch then as well. */
static bool shares_its_name(const cdpl_model *model, size_t kernel)
{
    for (size_t f = 0; f < model->nfunctions; ++f)
        if (f != kernel && model->functions[f].side != CDPL_SIDE_KERNEL &&
            strcmp(model->functions[f].name, model->functions[kernel].name) == 0)
            return true;
    return false;
}

/* Finds the launch's tokens around the one a report points at; false when
 * the report is not about a launch (a kernel's address taken, say). */
static bool locate_launch(const launch_text *text, unsigned at, report_kind kind, cdpl_launch_tokens *found)
{
    unsigned count = text->tokens->count;
    if (kind == REPORT_AT_CALLEE) {
        found->name = at;
        found->open_chevrons =
            is(text, at + 1, "<") ? cdpl_skip_template_arguments(text->model, text->tokens, at + 1) : at + 1;
        while (is(text, found->open_chevrons, ")")) ++found->open_chevrons; /* around the name: below */
    } else {
        found->open_chevrons = at;
        unsigned before = at;
        while (before > 0 && is(text, before - 1, ")")) --before; /* around the name: below */
        if (before > 0 && (is(text, before - 1, ">") || is(text, before - 1, ">>")))
            before = cdpl_template_arguments_start(text->model, text->tokens, before - 1);
        found->name = before > 0 && before < count ? before - 1 : count;
    }
    if (!is(text, found->open_chevrons, "<<<")) return false;
    found->close_chevrons = configuration_end(text, found->open_chevrons);
    if (!is(text, found->close_chevrons + 1, "(")) return false;
    found->close_paren = cdpl_matching_bracket(text->model, text->tokens, found->close_chevrons + 1);
    if (found->close_paren >= count) return false;
    found->first = found->name;
    while (found->first >= 2 && is(text, found->first - 1, "::") && cdpl_token_is_identifier(text->tokens, found->first - 2))
        found->first -= 2;
    if (found->first >= 1 && is(text, found->first - 1, "::")) found->first -= 1;
    /* A kernel name in parentheses: `(k<T, 2>)<<<...>>>(...)`, as a
     * template's name must be written in a macro argument. */
    unsigned after = found->name + 1, first = found->first;
    if (is(text, after, "<")) after = cdpl_skip_template_arguments(text->model, text->tokens, after);
    for (; after < found->open_chevrons && first < count; ++after)
        first = first > 0 && is(text, first - 1, "(") ? first - 1 : count;
    /* Anything else in parentheses (`(*pointer)`) names no kernel. */
    found->first = first < count ? first : (found->name = found->open_chevrons - 1);
    return true;
}

/* `expansion`: where the launch is expanded; the tokens are where it is
 * written (the same place, or inside a macro argument or definition). */
static void read_launch(cdpl_context *context, const launch_text *text, const cdpl_launch_tokens *parts, size_t caller,
                        size_t expansion, const cdpl_expansion_place *place)
{
    cdpl_model *model = context->model;
    const cdpl_tokens *tokens = text->tokens;
    bool named = cdpl_token_is_identifier(tokens, parts->name);
    cdpl_loc loc = cdpl_loc_at(model, expansion);
    if (!named) {
        cdpl_report_launch_without_kernel_name(context, loc);
        return;
    }
    bool in_arch_guard = cdpl_skipped_in(&context->host, expansion);
    size_t *kernels = NULL, nkernels = 0;
    if (!kernels_named(context, tokens->ranges[parts->name], loc, in_arch_guard, &kernels, &nkernels)) return;
    char *qualifier = qualified_usr_part(context, text, parts->first, parts->name);
    keep_qualified(model, qualifier, kernels, &nkernels);
    free(qualifier);

    token_span config[4], *args = calloc(tokens->count, sizeof *args);
    unsigned nconfig = 0, nargs = 0;
    if (args == NULL) {
        context->out_of_memory = true;
        free(kernels);
        return;
    }
    bool split = split_at_commas(text, parts->open_chevrons + 1, parts->close_chevrons, config, 4, &nconfig) &&
                 split_at_commas(text, parts->close_chevrons + 2, parts->close_paren, args, tokens->count, &nargs);
    if (!split || nconfig < 2) {
        cdpl_model_diagnose(model, CDPL_ERROR, loc,
                            "cannot read the configuration and arguments of this launch of '%s' from the "
                            "source text; write them without macros that expand to commas",
                            model->functions[kernels[0]].name);
        free(args);
        free(kernels);
        return;
    }
    const size_t matching_names = nkernels;
    cdpl_keep_callable(model, nargs, kernels, &nkernels);
    for (size_t k = 0; k < nkernels; ++k)
        if (!cdpl_check_device_launch_target(context, kernels[k], loc)) {
            free(args);
            free(kernels);
            return;
        }
    cdpl_launch_site site = {
        .kernel = kernels[0],
        .caller = caller,
        .device_side = model->functions[caller].side != CDPL_SIDE_HOST,
        .in_arch_guard = in_arch_guard,
        .loc = loc,
        .expansion = expansion,
        .whole = cdpl_tokens_span(model, tokens, parts->first, parts->close_paren),
        .callee_name = tokens->ranges[parts->name],
        .open_chevrons = tokens->ranges[parts->open_chevrons],
        .close_chevrons = tokens->ranges[parts->close_chevrons],
        .open_paren = tokens->ranges[parts->close_chevrons + 1],
        .close_paren = tokens->ranges[parts->close_paren],
        .nconfig = nconfig,
        .stream_kind = nconfig == 4 ? cdpl_stream_kind_of_tokens(context, &context->device, tokens, config[3].first,
                                                                 config[3].end)
                                    : CDPL_STREAM_NULL,
    };
    /* Clang refuses a device-side launch of an overload set or of a kernel
     * template before choosing: the compiler of the lowered file chooses. */
    if (matching_names > 1 || model->functions[kernels[0]].is_template ||
        shares_its_name(model, kernels[0])) {
        site.candidates = kernels;
        site.ncandidates = nkernels;
    } else {
        free(kernels);
    }
    for (unsigned c = 0; c < nconfig; ++c) site.config[c] = span_range(text, config[c]);
    if (nargs > 0) {
        site.args = calloc(nargs, sizeof *site.args);
        if (site.args == NULL) {
            context->out_of_memory = true;
            free(args);
            free(site.candidates);
            return;
        }
        for (unsigned a = 0; a < nargs; ++a) site.args[a] = span_range(text, args[a]);
        site.nargs = nargs;
    }
    free(args);
    cdpl_place_in_expansion(&site, place, parts);
    cdpl_add_launch(context, &site);
}

/* True when token `index` of a `#define` line is one of the macro's parameters. */
static bool is_macro_parameter(const launch_text *text, unsigned index)
{
    const cdpl_tokens *tokens = text->tokens;
    if (!is(text, 0, "#") || !is(text, 1, "define") || !is(text, 3, "(") ||
        tokens->ranges[3].begin != tokens->ranges[2].end)
        return false;
    cdpl_range name = tokens->ranges[index];
    for (unsigned t = 4; t < tokens->count && !is(text, t, ")"); ++t)
        if (tokens->ranges[t].end - tokens->ranges[t].begin == name.end - name.begin &&
            memcmp(text->model->source + tokens->ranges[t].begin, text->model->source + name.begin,
                   name.end - name.begin) == 0)
            return true;
    return false;
}

/* The device-side parse reports `<<<` in host code too. In the main file
 * the host-side parse accounts for those; in a header that could not be
 * read into the source, the function around the report tells: the
 * outermost one, as a lambda belongs to the function it is written in. */
static bool in_host_function(const cdpl_unit *unit, CXSourceLocation location)
{
    CXFile file = NULL;
    unsigned line = 0, column = 0;
    clang_getExpansionLocation(location, &file, &line, &column, NULL);
    CXCursor cursor = clang_getCursor(unit->tu, clang_getLocation(unit->tu, file, line, column));
    /* At a macro's use, the cursor is the expansion: the code is after it. */
    if (clang_isPreprocessing(clang_getCursorKind(cursor)))
        cursor = clang_getCursor(unit->tu, clang_getRangeEnd(clang_getCursorExtent(cursor)));
    CXCursor function = clang_getNullCursor();
    while (!clang_Cursor_isNull(cursor) && !clang_isInvalid(clang_getCursorKind(cursor)) &&
           !clang_isTranslationUnit(clang_getCursorKind(cursor))) {
        if (cdpl_is_function_kind(clang_getCursorKind(cursor))) function = cursor;
        cursor = clang_getCursorSemanticParent(cursor);
    }
    return !clang_Cursor_isNull(function) && !cdpl_runs_on_device(function);
}

static void examine_report(cdpl_context *context, CXDiagnostic diagnostic)
{
    if (clang_getDiagnosticSeverity(diagnostic) < CXDiagnostic_Error) return;
    CXString message = clang_getDiagnosticSpelling(diagnostic);
    report_kind kind = kind_of_report(clang_getCString(message));
    clang_disposeString(message);
    if (kind == REPORT_OTHER) return;

    const cdpl_unit *unit = &context->device;
    CXSourceLocation location = clang_getDiagnosticLocation(diagnostic);
    size_t offset = 0;
    if (!cdpl_main_offset(unit, location, &offset)) {
        if (!clang_Location_isInSystemHeader(location) && kind == REPORT_AT_CHEVRONS &&
            !in_host_function(unit, location))
            cdpl_report_launch_in_header(context, location);
        return;
    }
    if (cdpl_offset_seen_by_host(context, offset)) return;
    cdpl_model *model = context->model;
    size_t caller = cdpl_function_enclosing(model, offset);
    if (caller == SIZE_MAX) return;
    /* A launch from a macro is read where it is written: in the macro
     * argument (inside the body) or in the macro's definition. */
    size_t written = offset;
    cdpl_range region = model->functions[caller].body;
    bool in_macro = cdpl_in_macro_expansion(location);
    bool spelled = !in_macro || cdpl_spelled_main_offset(unit, location, &written);
    if (in_macro && spelled && (written < region.begin || written >= region.end))
        region = cdpl_logical_line(model, written);
    cdpl_tokens tokens = {0};
    if (spelled && !cdpl_tokenize(context, unit, region, &tokens)) return;
    launch_text text = {model, &tokens};
    cdpl_launch_tokens parts;
    unsigned at = cdpl_token_at(&tokens, written);
    bool located = spelled && at < tokens.count && locate_launch(&text, at, kind, &parts);
    if (located && !is_macro_parameter(&text, parts.name)) {
        unsigned shown = cdpl_token_is_identifier(&tokens, parts.name) ? parts.name : parts.open_chevrons;
        read_launch(context, &text, &parts, caller, written == offset ? tokens.ranges[shown].begin : offset, NULL);
    } else if (in_macro) {
        /* Split between a macro's definition and the text around it: read
         * from the expansion of the macro use, once every launch is known. */
        size_t anchor = spelled ? written : SIZE_MAX;
        cdpl_split_launch split = {unit,
                                   offset,
                                   kind == REPORT_AT_CALLEE ? anchor : SIZE_MAX,
                                   kind == REPORT_AT_CHEVRONS ? anchor : SIZE_MAX,
                                   true,
                                   {.caller = caller, .device_side = model->functions[caller].side != CDPL_SIDE_HOST,
                                    .loc = cdpl_loc_at(model, offset),
                                    .expansion = offset, .macro_use = SIZE_MAX}};
        cdpl_append(context, &context->split_launches, &context->nsplit_launches, sizeof split, &split);
    }
    cdpl_tokens_dispose(&tokens);
}

bool cdpl_read_reported_launch(cdpl_context *context, const cdpl_tokens *tokens, unsigned at, bool at_chevrons,
                               size_t caller, size_t expansion, const cdpl_expansion_place *place)
{
    launch_text text = {context->model, tokens};
    cdpl_launch_tokens parts;
    if (!locate_launch(&text, at, at_chevrons ? REPORT_AT_CHEVRONS : REPORT_AT_CALLEE, &parts)) return false;
    read_launch(context, &text, &parts, caller, expansion, place);
    return true;
}

void cdpl_find_arch_guard_launches(cdpl_context *context)
{
    CXTranslationUnit tu = context->device.tu;
    unsigned count = clang_getNumDiagnostics(tu);
    for (unsigned d = 0; d < count; ++d) {
        CXDiagnostic diagnostic = clang_getDiagnostic(tu, d);
        examine_report(context, diagnostic);
        clang_disposeDiagnostic(diagnostic);
    }
}
