/* Launches in the host-side parse. A launch is a CallExpr whose second child
 * is the implicit call `__cudaPushCallConfiguration(<config>)`, whose extent
 * runs from `<<<` to `>>>`; the other children are the callee and the call
 * arguments. Token positions come from clang_tokenize over the call. */
#include "launch_sites.h"
#include "private_pointers.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cursors.h"
#include "diagnose.h"
#include "functions.h"
#include "source.h"
#include "stream_kind.h"

/* ---- shared with the device-side finder ---- */

bool cdpl_check_device_launch_target(cdpl_context *context, size_t kernel, cdpl_loc loc)
{
    cdpl_model *model = context->model;
    const cdpl_function *target = &model->functions[kernel];
    if (target->is_member) {
        cdpl_model_diagnose(model, CDPL_ERROR, loc,
                            "device-side launch of member kernel '%s' is not supported yet; launch a "
                            "kernel at namespace scope",
                            target->name);
        return false;
    }
    if (target->is_variadic) {
        cdpl_model_diagnose(model, CDPL_ERROR, loc,
                            "device-side launch of variadic kernel '%s' is not supported: its "
                            "parameters cannot be packed into a launch record",
                            target->name);
        return false;
    }
    return true;
}

void cdpl_report_launch_without_kernel_name(cdpl_context *context, cdpl_loc loc)
{
    cdpl_model_diagnose(context->model, CDPL_ERROR, loc,
                        "device-side launch through an expression that does not name a kernel (a "
                        "function pointer?) is not supported: cdp-lower must know which kernel is "
                        "launched; launch the kernel by its name");
}

static void report_launch_in_host_code_device_lambda(cdpl_context *context, cdpl_loc loc)
{
    cdpl_model_diagnose(context->model, CDPL_ERROR, loc,
                        "device-side launch inside a __device__ lambda written in host code that is used other "
                        "than as an argument of kernel launches in this function: the kernels that run it must "
                        "run through the cdpl runtime, and cdp-lower cannot tell which they are; pass the lambda "
                        "only to kernel launches, or write it inside the kernel");
}

void cdpl_report_launch_in_header(cdpl_context *context, CXSourceLocation location)
{
    cdpl_loc loc;
    char *file = cdpl_location_file(location, &loc);
    cdpl_model_diagnose_in(context->model, CDPL_ERROR, file,  loc,
                           "device-side launch in included header is not supported yet; cdp-lower "
                           "rewrites the main file only");
    free(file);
}

void cdpl_add_launch(cdpl_context *context, cdpl_launch_site *site)
{
    cdpl_model *model = context->model;
    for (size_t l = 0; l < model->nlaunches; ++l)
        if (model->launches[l].callee_name.begin == site->callee_name.begin &&
            model->launches[l].expansion == site->expansion && model->launches[l].caller == site->caller &&
            model->launches[l].macro_use == site->macro_use &&
            model->launches[l].expanded[CDPL_LAUNCH_NAME] == site->expanded[CDPL_LAUNCH_NAME]) {
            free(site->args);
            free(site->candidates);
            return;
        }
    if (!cdpl_append(context, &model->launches, &model->nlaunches, sizeof *site, site)) {
        free(site->args);
        free(site->candidates);
    }
}

bool cdpl_offset_seen_by_host(const cdpl_context *context, size_t offset)
{
    for (size_t i = 0; i < context->nhost_launch_offsets; ++i)
        if (context->host_launch_offsets[i] == offset) return true;
    return false;
}

/* ---- the host-side walk ---- */

/* A __device__ lambda written in host code that launches: it runs in the
 * kernels it is passed to, which must then run through the runtime. */
typedef struct host_device_lambda {
    cdpl_range extent;
    CXCursor variable;     /* the variable it initializes; null when written as a launch argument */
    size_t *sites;         /* its launches: indices into the model's launch sites */
    size_t nsites;
    cdpl_loc loc;          /* of its first launch */
} host_device_lambda;

/* A host launch argument that is a lambda, or a variable. */
typedef struct lambda_argument {
    size_t kernel;
    CXCursor variable;
    cdpl_range extent;
} lambda_argument;

/* A variable the function declares, which a lambda may initialize. */
typedef struct local_variable {
    CXCursor cursor;
    cdpl_range extent;
} local_variable;

/* What one host function's walk learns about such lambdas. */
typedef struct host_lambdas {
    host_device_lambda *lambdas;
    size_t nlambdas;
    lambda_argument *arguments;
    size_t narguments;
    local_variable *variables;
    size_t nvariables;
} host_lambdas;

typedef struct launch_walk {
    cdpl_context *context;
    const cdpl_unit *unit;
    size_t caller;      /* SIZE_MAX outside the main file's functions */
    bool device_side;
    bool in_lambda;
    host_lambdas *lambdas;
    size_t lambda;      /* the host_device_lambda the walk is in; SIZE_MAX */
} launch_walk;

typedef struct cursors {
    unsigned count;
    CXCursor *items;
    bool failed;
} cursors;

static enum CXChildVisitResult collect_child(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    cursors *children = data;
    CXCursor *grown = realloc(children->items, (children->count + 1) * sizeof *grown);
    if (grown == NULL) {
        children->failed = true;
        return CXChildVisit_Break;
    }
    children->items = grown;
    children->items[children->count++] = cursor;
    return CXChildVisit_Continue;
}

static bool is_named(CXCursor cursor, const char *name)
{
    CXString spelling = clang_getCursorSpelling(cursor);
    bool match = strcmp(clang_getCString(spelling), name) == 0;
    clang_disposeString(spelling);
    return match;
}

static bool is_launch_configuration(CXCursor cursor)
{
    return clang_getCursorKind(cursor) == CXCursor_CallExpr && is_named(cursor, "__cudaPushCallConfiguration");
}

/* The reference naming the callee, under implicit conversions and parentheses. */
static CXCursor callee_reference(CXCursor callee)
{
    for (;;) {
        enum CXCursorKind kind = clang_getCursorKind(callee);
        bool unresolved = kind == CXCursor_DeclRefExpr && clang_Cursor_isNull(clang_getCursorReferenced(callee));
        if (kind != CXCursor_UnexposedExpr && kind != CXCursor_ParenExpr && !unresolved) return callee;
        CXCursor inner = cdpl_first_child(callee);
        if (clang_Cursor_isNull(inner)) return callee;
        callee = inner;
    }
}

static CXCursor referenced_function(CXCursor reference)
{
    CXCursor target = clang_getNullCursor();
    if (clang_getCursorKind(reference) == CXCursor_OverloadedDeclRef) {
        if (clang_getNumOverloadedDecls(reference) == 1) target = clang_getOverloadedDecl(reference, 0);
    } else {
        target = clang_getCursorReferenced(reference);
        /* An unresolved name (in a template) refers to its overload set. */
        if (clang_getCursorKind(target) == CXCursor_OverloadedDeclRef && clang_getNumOverloadedDecls(target) == 1)
            target = clang_getOverloadedDecl(target, 0);
    }
    return cdpl_is_function_kind(clang_getCursorKind(target)) ? target : clang_getNullCursor();
}

/* The overload set an unresolved name refers to (in a template), or a
 * null cursor. */
static CXCursor overload_set(CXCursor reference)
{
    if (clang_getCursorKind(reference) == CXCursor_OverloadedDeclRef) return reference;
    CXCursor target = clang_getCursorReferenced(reference);
    return clang_getCursorKind(target) == CXCursor_OverloadedDeclRef ? target : clang_getNullCursor();
}

static enum CXChildVisitResult find_global_attribute(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    if (clang_getCursorKind(cursor) != CXCursor_CUDAGlobalAttr) return CXChildVisit_Continue;
    *(bool *)data = true;
    return CXChildVisit_Break;
}

/* The main file's kernels of the overload set that `reference` names in a
 * template (clang chooses only in each instantiation), which a call of
 * `nargs` arguments can call, into *found (caller frees). Functions that
 * are no kernels are left out: `<<<>>>` launches none of them (a library's
 * __device__ launcher may share the kernel's name). None where a kernel of
 * the set is not the main file's: the lowered file could not choose it. */
static void overloaded_kernels(cdpl_context *context, CXCursor reference, size_t nargs, size_t **found,
                               size_t *count)
{
    *found = NULL;
    *count = 0;
    CXCursor set = overload_set(reference);
    unsigned overloads = clang_Cursor_isNull(set) ? 0 : clang_getNumOverloadedDecls(set);
    for (unsigned o = 0; o < overloads; ++o) {
        CXCursor overload = clang_getOverloadedDecl(set, o);
        /* A name a using-declaration brings in (`using kernels::child;`):
         * libclang shows no more of it than its name, so the kernels of
         * the file of that name stand for it. */
        if (clang_getCursorKind(overload) == CXCursor_UnexposedDecl) {
            CXString spelling = clang_getCursorSpelling(overload);
            const char *name = clang_getCString(spelling);
            bool added = name == NULL || cdpl_add_kernels_named(context, name, strlen(name), found, count);
            clang_disposeString(spelling);
            if (!added) return;
            continue;
        }
        size_t kernel = cdpl_function_of(context, overload);
        if (kernel == SIZE_MAX) {
            bool global = false;
            clang_visitChildren(overload, find_global_attribute, &global);
            if (!global) continue;
            free(*found);
            *found = NULL;
            *count = 0;
            return;
        }
        if (context->model->functions[kernel].side != CDPL_SIDE_KERNEL) continue;
        if (!cdpl_append(context, found, count, sizeof kernel, &kernel)) return;
    }
    if (*count > 0) cdpl_keep_callable(context->model, nargs, *found, count);
}

/* False for an expression the source does not hold (a default argument). */
static bool has_text(CXCursor cursor) { return !clang_Range_isNull(clang_getCursorExtent(cursor)); }

typedef struct one_block_walk {
    unsigned depth;
    bool all_one;
    unsigned count;
} one_block_walk;

static bool is_one(CXCursor expression, unsigned depth);

static enum CXChildVisitResult check_one(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    one_block_walk *walk = data;
    ++walk->count;
    walk->all_one = is_one(cursor, walk->depth + 1);
    return walk->all_one ? CXChildVisit_Continue : CXChildVisit_Break;
}

/* A constant 1, or a dim3 built from constant 1s (`1`, `dim3(1, 1)`): what
 * a launch of a one-block grid passes. Anything clang cannot evaluate is
 * not. */
static bool is_one(CXCursor expression, unsigned depth)
{
    CXEvalResult result = clang_Cursor_Evaluate(expression);
    if (result != NULL) {
        bool one = clang_EvalResult_getKind(result) == CXEval_Int && clang_EvalResult_getAsLongLong(result) == 1;
        clang_EvalResult_dispose(result);
        if (one) return true;
    }
    enum CXCursorKind kind = clang_getCursorKind(expression);
    bool wrapper = kind == CXCursor_UnexposedExpr || kind == CXCursor_CallExpr || kind == CXCursor_ParenExpr ||
                   kind == CXCursor_CXXFunctionalCastExpr;
    if (!wrapper || depth > 4) return false;
    one_block_walk walk = {depth, true, 0};
    clang_visitChildren(expression, check_one, &walk);
    return walk.all_one && walk.count > 0;
}

/* Where a cursor's text is written in the main file: in a macro argument
 * or definition if it comes from one. False for text the source does not
 * hold (a default argument). */
static bool written_range(const cdpl_unit *unit, CXCursor cursor, cdpl_range *range)
{
    CXSourceRange extent = clang_getCursorExtent(cursor);
    size_t begin = 0, end = 0;
    if (clang_Range_isNull(extent) || !cdpl_spelled_main_offset(unit, clang_getRangeStart(extent), &begin) ||
        !cdpl_spelled_main_offset(unit, clang_getRangeEnd(extent), &end) || end < begin)
        return false;
    *range = (cdpl_range){begin, end};
    return true;
}

bool cdpl_match_launch(const cdpl_model *model, const cdpl_tokens *tokens, unsigned name, cdpl_launch_tokens *parts)
{
    unsigned at = name + 1;
    if (cdpl_token_is(model, tokens, at, "<")) at = cdpl_skip_template_arguments(model, tokens, at);
    /* A kernel name in parentheses: `(k<T, 2>)<<<...>>>(...)`, as a
     * template's name must be written in a macro argument. */
    while (cdpl_token_is(model, tokens, at, ")")) ++at;
    if (!cdpl_token_is(model, tokens, at, "<<<")) return false;
    parts->first = parts->name = name;
    parts->open_chevrons = at;
    int depth = 0;
    for (at = parts->open_chevrons + 1; at < tokens->count; ++at) {
        if (depth == 0 && cdpl_token_is(model, tokens, at, ">>>")) break;
        if (cdpl_token_is(model, tokens, at, "(") || cdpl_token_is(model, tokens, at, "[") ||
            cdpl_token_is(model, tokens, at, "{"))
            ++depth;
        else if (cdpl_token_is(model, tokens, at, ")") || cdpl_token_is(model, tokens, at, "]") ||
                 cdpl_token_is(model, tokens, at, "}"))
            --depth;
    }
    if (at >= tokens->count || !cdpl_token_is(model, tokens, at + 1, "(")) return false;
    parts->close_chevrons = at;
    parts->close_paren = cdpl_matching_bracket(model, tokens, at + 1);
    return parts->close_paren < tokens->count;
}

/* Splits the tokens strictly between `first` and `end` at top-level commas. */
static void split_written(cdpl_context *context, const cdpl_tokens *tokens, unsigned first, unsigned end,
                          cdpl_range *ranges, size_t capacity, size_t *count, cdpl_range **grown)
{
    const cdpl_model *model = context->model;
    int depth = 0;
    unsigned start = first + 1;
    for (unsigned t = first + 1; t <= end && start < end; ++t) {
        if (t == end || (depth == 0 && cdpl_token_is(model, tokens, t, ","))) {
            cdpl_range range = cdpl_tokens_span(model, tokens, start, t - 1);
            if (grown != NULL)
                cdpl_append(context, grown, count, sizeof range, &range);
            else if (*count < capacity)
                ranges[(*count)++] = range;
            start = t + 1;
        } else if (cdpl_token_is(model, tokens, t, "(") || cdpl_token_is(model, tokens, t, "[") ||
                   cdpl_token_is(model, tokens, t, "{")) {
            ++depth;
        } else if (cdpl_token_is(model, tokens, t, ")") || cdpl_token_is(model, tokens, t, "]") ||
                   cdpl_token_is(model, tokens, t, "}")) {
            --depth;
        }
    }
}

void cdpl_set_launch_tokens(cdpl_context *context, cdpl_launch_site *site, const cdpl_tokens *tokens,
                            const cdpl_launch_tokens *parts)
{
    split_written(context, tokens, parts->open_chevrons, parts->close_chevrons, site->config, 4, &site->nconfig,
                  NULL);
    split_written(context, tokens, parts->close_chevrons + 1, parts->close_paren, NULL, 0, &site->nargs,
                  &site->args);
    site->callee_name = tokens->ranges[parts->name];
    site->open_chevrons = tokens->ranges[parts->open_chevrons];
    site->close_chevrons = tokens->ranges[parts->close_chevrons];
    site->open_paren = tokens->ranges[parts->close_chevrons + 1];
    site->close_paren = tokens->ranges[parts->close_paren];
    site->whole = cdpl_tokens_span(context->model, tokens, parts->first, parts->close_paren);
}

void cdpl_place_in_expansion(cdpl_launch_site *site, const cdpl_expansion_place *place,
                             const cdpl_launch_tokens *parts)
{
    const unsigned at[CDPL_LAUNCH_PARTS] = {
        [CDPL_LAUNCH_NAME] = parts->name,
        [CDPL_LAUNCH_OPEN_CHEVRONS] = parts->open_chevrons,
        [CDPL_LAUNCH_CLOSE_CHEVRONS] = parts->close_chevrons,
        [CDPL_LAUNCH_OPEN_PAREN] = parts->close_chevrons + 1,
    };
    site->macro_use = place != NULL ? place->use : SIZE_MAX;
    for (int p = 0; p < CDPL_LAUNCH_PARTS; ++p)
        site->expanded[p] = place != NULL && at[p] >= place->first && at[p] < place->end ? at[p] - place->first
                                                                                         : SIZE_MAX;
}

/* Locates the callee name, `<<<`, `>>>`, `(` and `)` where they are
 * written. They must be written together, in that order, as one launch:
 * directly, inside one macro argument, or inside macro definitions (then
 * every use of the macro shares the rewritten text, which serves host and
 * device alike). False when the launch is split between a macro and the
 * text around it. */
static bool find_launch_tokens(launch_walk *walk, cdpl_launch_site *site, CXCursor call, CXCursor configuration,
                               CXCursor reference)
{
    const cdpl_unit *unit = walk->unit;
    const cdpl_model *model = walk->context->model;
    size_t name_at = 0, open_at = 0;
    cdpl_range call_text;
    if (!cdpl_spelled_main_offset(unit, clang_getCursorLocation(reference), &name_at) ||
        !cdpl_spelled_main_offset(unit, clang_getRangeStart(clang_getCursorExtent(configuration)), &open_at) ||
        !written_range(unit, call, &call_text) || name_at > open_at)
        return false;
    /* The end of a call's extent is where the call ends once expanded;
     * text in a macro's definition ends before that line does (looked for
     * only then: a line of thousands of launches would be scanned for each). */
    size_t end = call_text.end;
    if (name_at < call_text.begin || call_text.end < name_at)
        while (end < model->source_size && model->source[end] != '\n') ++end;
    cdpl_tokens tokens;
    if (!cdpl_tokenize(walk->context, unit, (cdpl_range){name_at, end}, &tokens)) return false;
    /* A dependent qualified name (`ns::child<T>` in a template) is located
     * at its qualifier; the name is what the rewrite replaces. */
    unsigned name = cdpl_token_is(model, &tokens, 0, "::") ? 1 : 0;
    while (name + 2 < tokens.count && cdpl_token_is_identifier(&tokens, name) &&
           cdpl_token_is(model, &tokens, name + 1, "::"))
        name += 2;
    cdpl_launch_tokens parts;
    bool found = name < tokens.count && cdpl_token_is_identifier(&tokens, name) &&
                 cdpl_match_launch(model, &tokens, name, &parts) && tokens.ranges[parts.open_chevrons].begin == open_at;
    if (found) cdpl_set_launch_tokens(walk->context, site, &tokens, &parts);
    cdpl_tokens_dispose(&tokens);
    return found;
}

/* Where the source spells what `location` points at; SIZE_MAX elsewhere. */
static size_t spelled_at(const cdpl_unit *unit, CXSourceLocation location)
{
    size_t offset = 0;
    return cdpl_spelled_main_offset(unit, location, &offset) ? offset : SIZE_MAX;
}

/* A launch split between a macro's definition and the text around it waits
 * for macro_launches.c, which finds it in the expansion of the macro use
 * (the outermost one, where clang expands the part that is in a macro). */
static void defer_split_launch(launch_walk *walk, const cdpl_launch_site *site, CXCursor configuration,
                               CXCursor reference)
{
    CXSourceLocation callee = clang_getCursorLocation(reference);
    CXSourceLocation chevrons = clang_getRangeStart(clang_getCursorExtent(configuration));
    size_t use = site->expansion;
    if (!cdpl_in_macro_expansion(callee)) cdpl_main_offset(walk->unit, chevrons, &use);
    cdpl_split_launch split = {walk->unit, use, spelled_at(walk->unit, callee), spelled_at(walk->unit, chevrons),
                               false, *site};
    cdpl_append(walk->context, &walk->context->split_launches, &walk->context->nsplit_launches, sizeof split,
                &split);
}

/* `candidates` (taken over): the overloads the compiler of the lowered file
 * chooses among, as launch sites hold them. */
static void record_launch(launch_walk *walk, CXCursor call, const cursors *children, size_t kernel,
                          size_t *candidates, size_t ncandidates, CXCursor reference, size_t callee_offset)
{
    cdpl_context *context = walk->context;
    cdpl_model *model = context->model;
    cdpl_launch_site site = {.kernel = kernel,
                             .caller = walk->caller,
                             .device_side = walk->device_side,
                             .loc = cdpl_loc_at(model, callee_offset),
                             .expansion = callee_offset,
                             .ncandidates = ncandidates,
                             .candidates = candidates,
                             .macro_use = SIZE_MAX};

    /* The configuration and arguments the source holds; default arguments
     * have no text. The first child of each call is its callee. */
    cursors config = {0};
    clang_visitChildren(children->items[1], collect_child, &config);
    unsigned written = 0;
    for (unsigned c = 1; c < config.count; ++c)
        if (has_text(config.items[c]) && ++written == 4) site.stream_kind = cdpl_stream_kind_of_expression(config.items[c]);
    site.one_block_grid = config.count > 1 && is_one(config.items[1], 0);
    free(config.items);

    unsigned position = 0;
    for (unsigned a = 2; a < children->count; ++a) {
        if (has_text(children->items[a]) && site.device_side)
            cdpl_warn_private_pointer(context, children->items[a], model->functions[kernel].name, ++position,
                                      site.loc);
    }
    if (find_launch_tokens(walk, &site, call, children->items[1], reference)) {
        cdpl_add_launch(context, &site);
    } else if (walk->lambda != SIZE_MAX) {
        free(site.candidates);
        /* The kernels that run the lambda are known only once its function is walked. */
        cdpl_model_diagnose(model, CDPL_ERROR, site.loc,
                            "this launch of '%s' is written partly inside a macro and partly outside it "
                            "(the kernel name, `<<<`, `>>>` and the argument parentheses must be written "
                            "together, all in one macro's definition, all in one macro argument or all "
                            "outside macros); cdp-lower cannot rewrite it",
                            model->functions[kernel].name);
    } else {
        defer_split_launch(walk, &site, children->items[1], reference);
    }
}

static void remember_host_launch(cdpl_context *context, size_t callee_offset, size_t chevrons_offset)
{
    cdpl_append(context, &context->host_launch_offsets, &context->nhost_launch_offsets, sizeof callee_offset,
                &callee_offset);
    cdpl_append(context, &context->host_launch_offsets, &context->nhost_launch_offsets, sizeof chevrons_offset,
                &chevrons_offset);
}

/* The expression under implicit conversions, parentheses and the implicit
 * copy that passes an object by value (a call spanning its only operand). */
static CXCursor unwrapped(CXCursor expression)
{
    for (;;) {
        enum CXCursorKind kind = clang_getCursorKind(expression);
        if (kind != CXCursor_UnexposedExpr && kind != CXCursor_ParenExpr && kind != CXCursor_CallExpr) break;
        cursors children = {0};
        clang_visitChildren(expression, collect_child, &children);
        CXCursor inner = children.count == 1 ? children.items[0] : clang_getNullCursor();
        free(children.items);
        if (clang_Cursor_isNull(inner) ||
            (kind == CXCursor_CallExpr &&
             !clang_equalRanges(clang_getCursorExtent(inner), clang_getCursorExtent(expression))))
            break;
        expression = inner;
    }
    return expression;
}

/* The arguments of a host launch that are lambdas or variables. */
static void note_lambda_arguments(launch_walk *walk, size_t kernel, const cursors *children)
{
    if (walk->lambdas == NULL) return;
    for (unsigned a = 2; a < children->count; ++a) {
        CXCursor argument = unwrapped(children->items[a]);
        lambda_argument noted = {kernel, clang_getNullCursor(), {0, 0}};
        enum CXCursorKind kind = clang_getCursorKind(argument);
        if (kind == CXCursor_DeclRefExpr)
            noted.variable = clang_getCursorReferenced(argument);
        else if (kind != CXCursor_LambdaExpr || !cdpl_cursor_main_range(walk->unit, argument, &noted.extent))
            continue;
        cdpl_append(walk->context, &walk->lambdas->arguments, &walk->lambdas->narguments, sizeof noted, &noted);
    }
}

/* A host launch through a pointer: the pointer may hold what host code's
 * use of a runtime kernel's name gave (cdpl_host_kernel: its entry, for
 * queries), which such a launch must not call; the rewriter has it ask
 * the runtime for the kernel's host function (cdpl_host_launchable). The
 * two parses both see a host launch: listed once. */
static void note_pointer_launch(launch_walk *walk, CXCursor callee)
{
    cdpl_model *model = walk->context->model;
    cdpl_range range;
    if (cdpl_in_macro_expansion(clang_getCursorLocation(callee)) ||
        !cdpl_cursor_main_range(walk->unit, callee, &range) || range.end <= range.begin)
        return;
    for (size_t l = 0; l < model->nhost_pointer_launches; ++l)
        if (model->host_pointer_launches[l].begin == range.begin) return;
    if (!cdpl_append(walk->context, &model->host_pointer_launches, &model->nhost_pointer_launches, sizeof range,
                     &range))
        walk->context->out_of_memory = true;
}

static void examine_launch(launch_walk *walk, CXCursor call, const cursors *children)
{
    cdpl_context *context = walk->context;
    CXCursor configuration = children->items[1];
    CXSourceLocation chevrons_location = clang_getCursorLocation(configuration);
    CXCursor reference = callee_reference(children->items[0]);
    size_t call_offset = 0, callee_offset = 0, chevrons_offset = 0;
    if (!cdpl_main_offset(walk->unit, clang_getCursorLocation(call), &call_offset)) {
        if (walk->device_side) cdpl_report_launch_in_header(context, chevrons_location);
        return;
    }
    if (!cdpl_main_offset(walk->unit, clang_getCursorLocation(reference), &callee_offset)) callee_offset = call_offset;
    cdpl_main_offset(walk->unit, chevrons_location, &chevrons_offset);
    cdpl_loc loc = cdpl_loc_at(context->model, callee_offset);

    CXCursor target = referenced_function(reference);
    size_t kernel = cdpl_function_of(context, target);
    size_t *candidates = NULL, ncandidates = 0;
    if (clang_Cursor_isNull(target) && walk->device_side) {
        unsigned nargs = 0;
        for (unsigned a = 2; a < children->count; ++a) nargs += has_text(children->items[a]);
        overloaded_kernels(context, reference, nargs, &candidates, &ncandidates);
        if (ncandidates > 0) {
            kernel = candidates[0];
            target = clang_getOverloadedDecl(overload_set(reference), 0);
        }
    }
    bool names_main_file_kernel =
        kernel != SIZE_MAX && context->model->functions[kernel].side == CDPL_SIDE_KERNEL;
    /* The device parse reports host lambdas' launches too (clang makes
     * unannotated lambdas __host__ __device__); they are handled here. */
    remember_host_launch(context, callee_offset, chevrons_offset);
    if (!walk->device_side) {
        /* Host launches of kernels of other files, or through pointers, stay native. */
        if (clang_Cursor_isNull(target)) note_pointer_launch(walk, children->items[0]);
        if (!names_main_file_kernel) return;
    } else if (clang_Cursor_isNull(target)) {
        cdpl_report_launch_without_kernel_name(context, loc);
        return;
    } else if (!names_main_file_kernel) {
        CXString name = clang_getCursorSpelling(target);
        cdpl_model_diagnose(context->model, CDPL_ERROR, loc,
                            "device-side launch of kernel '%s', which is not defined in this file, is not "
                            "supported: without -rdc its definition must be lowered with its launches",
                            clang_getCString(name));
        clang_disposeString(name);
        return;
    } else {
        for (size_t c = 0; c < ncandidates; ++c)
            if (!cdpl_check_device_launch_target(context, candidates[c], loc)) {
                free(candidates);
                return;
            }
        if (ncandidates == 0 && !cdpl_check_device_launch_target(context, kernel, loc)) return;
    }
    size_t before = context->model->nlaunches;
    record_launch(walk, call, children, kernel, candidates, ncandidates, reference, callee_offset);
    if (walk->lambda != SIZE_MAX && context->model->nlaunches > before) {
        host_device_lambda *lambda = &walk->lambdas->lambdas[walk->lambda];
        if (lambda->nsites == 0) lambda->loc = loc;
        cdpl_append(context, &lambda->sites, &lambda->nsites, sizeof before, &before);
    }
    if (!walk->device_side) note_lambda_arguments(walk, kernel, children);
}

static enum CXChildVisitResult find_lambda_body(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    if (clang_getCursorKind(cursor) == CXCursor_CompoundStmt) *(CXCursor *)data = cursor;
    return CXChildVisit_Continue;
}

/* A lambda in host code runs on the device when it is written `__device__`
 * (an extended lambda, to be passed to a kernel); libclang exposes no
 * attribute for it, so the tokens before its body tell. */
static bool is_device_lambda(launch_walk *walk, CXCursor lambda);

bool cdpl_is_device_lambda(cdpl_context *context, const cdpl_unit *unit, CXCursor lambda)
{
    launch_walk walk = {context, unit, SIZE_MAX, false, false, NULL, SIZE_MAX};
    return is_device_lambda(&walk, lambda);
}

static bool is_device_lambda(launch_walk *walk, CXCursor lambda)
{
    CXCursor body = clang_getNullCursor();
    clang_visitChildren(lambda, find_lambda_body, &body);
    cdpl_range whole, body_range;
    if (clang_Cursor_isNull(body) || !cdpl_cursor_main_range(walk->unit, lambda, &whole) ||
        !cdpl_cursor_main_range(walk->unit, body, &body_range))
        return false;
    cdpl_tokens tokens;
    if (!cdpl_tokenize(walk->context, walk->unit, (cdpl_range){whole.begin, body_range.begin}, &tokens)) return false;
    bool device = false;
    for (unsigned t = 0; t < tokens.count && !device; ++t)
        device = cdpl_token_is(walk->context->model, &tokens, t, "__device__") ||
                 cdpl_token_is(walk->context->model, &tokens, t, "__global__");
    cdpl_tokens_dispose(&tokens);
    return device;
}

static enum CXChildVisitResult visit_statement(CXCursor cursor, CXCursor parent, CXClientData data);

/* Starts following a __device__ lambda of host code: the variable it
 * initializes is the last one declared around it. */
static void follow_host_device_lambda(launch_walk *inner, CXCursor lambda)
{
    host_lambdas *lambdas = inner->lambdas;
    host_device_lambda followed = {{0, 0}, clang_getNullCursor(), NULL, 0, {0, 0, NULL}};
    if (!cdpl_cursor_main_range(inner->unit, lambda, &followed.extent)) return;
    for (size_t v = lambdas->nvariables; v-- > 0;)
        if (lambdas->variables[v].extent.begin <= followed.extent.begin &&
            lambdas->variables[v].extent.end >= followed.extent.end) {
            followed.variable = lambdas->variables[v].cursor;
            break;
        }
    if (cdpl_append(inner->context, &lambdas->lambdas, &lambdas->nlambdas, sizeof followed, &followed))
        inner->lambda = lambdas->nlambdas - 1;
}

typedef struct variable_uses {
    CXCursor variable;
    size_t count;
} variable_uses;

static enum CXChildVisitResult count_use(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    variable_uses *uses = data;
    if (clang_getCursorKind(cursor) == CXCursor_DeclRefExpr &&
        clang_equalCursors(clang_getCursorReferenced(cursor), uses->variable))
        ++uses->count;
    return CXChildVisit_Recurse;
}

/* A launching __device__ lambda of host code runs in the kernels whose
 * launches it is passed to: its launches become theirs (one site per
 * kernel), so they run through the runtime. Passed anywhere else (stored,
 * given to a function), the kernel that runs it cannot be known. */
static void resolve_host_device_lambdas(cdpl_context *context, host_lambdas *lambdas, CXCursor body)
{
    cdpl_model *model = context->model;
    for (size_t l = 0; l < lambdas->nlambdas; ++l) {
        host_device_lambda *lambda = &lambdas->lambdas[l];
        bool named = !clang_Cursor_isNull(lambda->variable);
        size_t receivers = 0;
        for (size_t a = 0; a < lambdas->narguments; ++a) {
            const lambda_argument *argument = &lambdas->arguments[a];
            if (named ? !clang_equalCursors(argument->variable, lambda->variable)
                      : argument->extent.begin != lambda->extent.begin)
                continue;
            cdpl_lambda_receiver receiver = {lambda->extent, argument->kernel};
            cdpl_append(context, &context->lambda_receivers, &context->nlambda_receivers, sizeof receiver, &receiver);
            for (size_t s = 0; s < lambda->nsites; ++s) {
                cdpl_launch_site site = model->launches[lambda->sites[s]];
                if (receivers == 0) {
                    model->launches[lambda->sites[s]].caller = argument->kernel;
                    continue;
                }
                site.caller = argument->kernel;
                site.candidates = site.ncandidates > 0 ? malloc(site.ncandidates * sizeof *site.candidates) : NULL;
                site.args = site.nargs > 0 ? malloc(site.nargs * sizeof *site.args) : NULL;
                if ((site.ncandidates > 0 && site.candidates == NULL) || (site.nargs > 0 && site.args == NULL)) {
                    free(site.candidates);
                    free(site.args);
                    context->out_of_memory = true;
                    continue;
                }
                if (site.ncandidates > 0)
                    memcpy(site.candidates, model->launches[lambda->sites[s]].candidates,
                           site.ncandidates * sizeof *site.candidates);
                if (site.nargs > 0)
                    memcpy(site.args, model->launches[lambda->sites[s]].args, site.nargs * sizeof *site.args);
                cdpl_add_launch(context, &site);
            }
            ++receivers;
        }
        variable_uses uses = {lambda->variable, 0};
        if (named) clang_visitChildren(body, count_use, &uses);
        if (receivers > 0 && (!named || uses.count == receivers)) continue;
        cdpl_lambda_receiver unknown = {lambda->extent, SIZE_MAX};
        cdpl_append(context, &context->lambda_receivers, &context->nlambda_receivers, sizeof unknown, &unknown);
        if (lambda->nsites > 0) report_launch_in_host_code_device_lambda(context, lambda->loc);
    }
}

static void walk_children(launch_walk *walk, CXCursor cursor)
{
    clang_visitChildren(cursor, visit_statement, walk);
}

static enum CXChildVisitResult visit_statement(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    launch_walk *walk = data;
    enum CXCursorKind kind = clang_getCursorKind(cursor);
    local_variable variable = {cursor, {0, 0}};
    if (kind == CXCursor_VarDecl && walk->lambdas != NULL &&
        cdpl_cursor_main_range(walk->unit, cursor, &variable.extent))
        cdpl_append(walk->context, &walk->lambdas->variables, &walk->lambdas->nvariables, sizeof variable, &variable);
    if (kind == CXCursor_LambdaExpr) {
        launch_walk inner = *walk;
        inner.in_lambda = true;
        inner.device_side = walk->device_side || is_device_lambda(walk, cursor);
        if (!walk->device_side && inner.device_side && walk->lambdas != NULL) follow_host_device_lambda(&inner, cursor);
        walk_children(&inner, cursor);
        return CXChildVisit_Continue;
    }
    if (kind == CXCursor_CallExpr) {
        cursors children = {0};
        clang_visitChildren(cursor, collect_child, &children);
        if (children.failed) walk->context->out_of_memory = true;
        else if (children.count >= 2 && is_launch_configuration(children.items[1]))
            examine_launch(walk, cursor, &children);
        free(children.items);
    }
    return CXChildVisit_Recurse;
}

static void find_in_definition(cdpl_context *context, const cdpl_unit *unit, CXCursor definition, CXCursor body,
                               void *data)
{
    (void)data;
    bool on_device = cdpl_runs_on_device(definition);
    host_lambdas lambdas = {0};
    launch_walk walk = {context, unit, cdpl_function_of(context, definition), on_device, false,
                        on_device ? NULL : &lambdas, SIZE_MAX};
    walk_children(&walk, body);
    resolve_host_device_lambdas(context, &lambdas, body);
    for (size_t l = 0; l < lambdas.nlambdas; ++l) free(lambdas.lambdas[l].sites);
    free(lambdas.lambdas);
    free(lambdas.arguments);
    free(lambdas.variables);
}

void cdpl_find_host_launches(cdpl_context *context)
{
    cdpl_visit_definitions(context, &context->host, false, find_in_definition, NULL);
}
