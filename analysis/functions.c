/* Functions of the main file. Declarations are gathered from both parses
 * first (so indices are stable), then bodies are walked for blockIdx/gridDim
 * uses and callees; the device-side parse adds what only it sees, under
 * #if __CUDA_ARCH__. */
#include "functions.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "header_block_reads.h"
#include "source.h"

bool cdpl_is_function_kind(enum CXCursorKind kind)
{
    return kind == CXCursor_FunctionDecl || kind == CXCursor_CXXMethod || kind == CXCursor_Constructor ||
           kind == CXCursor_Destructor || kind == CXCursor_ConversionFunction ||
           kind == CXCursor_FunctionTemplate;
}

static bool is_declaration_container(enum CXCursorKind kind)
{
    return kind == CXCursor_Namespace || kind == CXCursor_LinkageSpec || kind == CXCursor_ClassDecl ||
           kind == CXCursor_StructDecl || kind == CXCursor_UnionDecl || kind == CXCursor_ClassTemplate ||
           kind == CXCursor_ClassTemplatePartialSpecialization || kind == CXCursor_UnexposedDecl;
}

/* ---- walking declarations ---- */

typedef void declaration_visitor(cdpl_context *context, const cdpl_unit *unit, CXCursor declaration,
                                 CXCursor parent, void *data);

typedef struct declaration_walk {
    cdpl_context *context;
    const cdpl_unit *unit;
    bool main_file_only;
    declaration_visitor *visit;
    void *data;
} declaration_walk;

static enum CXChildVisitResult visit_declaration(CXCursor cursor, CXCursor parent, CXClientData data)
{
    declaration_walk *walk = data;
    CXSourceLocation location = clang_getCursorLocation(cursor);
    if (clang_Location_isInSystemHeader(location)) return CXChildVisit_Continue;
    if (walk->main_file_only && !cdpl_cursor_in_main_file(walk->unit, cursor)) return CXChildVisit_Continue;
    enum CXCursorKind kind = clang_getCursorKind(cursor);
    if (cdpl_is_function_kind(kind)) {
        walk->visit(walk->context, walk->unit, cursor, parent, walk->data);
        return CXChildVisit_Continue;
    }
    return is_declaration_container(kind) ? CXChildVisit_Recurse : CXChildVisit_Continue;
}

static void visit_declarations(cdpl_context *context, const cdpl_unit *unit, bool main_file_only,
                               declaration_visitor *visit, void *data)
{
    declaration_walk walk = {context, unit, main_file_only, visit, data};
    clang_visitChildren(clang_getTranslationUnitCursor(unit->tu), visit_declaration, &walk);
}

static enum CXChildVisitResult find_body(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    if (clang_getCursorKind(cursor) == CXCursor_CompoundStmt) *(CXCursor *)data = cursor;
    return CXChildVisit_Continue;
}

static CXCursor body_of(CXCursor declaration)
{
    CXCursor body = clang_getNullCursor();
    if (clang_isCursorDefinition(declaration)) clang_visitChildren(declaration, find_body, &body);
    return body;
}

typedef struct definition_walk {
    cdpl_definition_visitor *visit;
    void *data;
} definition_walk;

static void visit_if_defined(cdpl_context *context, const cdpl_unit *unit, CXCursor declaration,
                             CXCursor parent, void *data)
{
    (void)parent;
    definition_walk *walk = data;
    CXCursor body = body_of(declaration);
    if (!clang_Cursor_isNull(body)) walk->visit(context, unit, declaration, body, walk->data);
}

void cdpl_visit_definitions(cdpl_context *context, const cdpl_unit *unit, bool main_file_only,
                            cdpl_definition_visitor *visit, void *data)
{
    definition_walk walk = {visit, data};
    visit_declarations(context, unit, main_file_only, visit_if_defined, &walk);
}

/* ---- identity ---- */

static CXCursor canonical_template(CXCursor cursor)
{
    CXCursor pattern = clang_getSpecializedCursorTemplate(cursor);
    return clang_Cursor_isNull(pattern) ? cursor : pattern;
}

static size_t function_with_usr(const cdpl_model *model, const char *usr)
{
    for (size_t f = 0; f < model->nfunctions; ++f)
        if (strcmp(model->functions[f].usr, usr) == 0) return f;
    return SIZE_MAX;
}

size_t cdpl_function_of(cdpl_context *context, CXCursor cursor)
{
    if (clang_Cursor_isNull(cursor) || !cdpl_is_function_kind(clang_getCursorKind(cursor))) return SIZE_MAX;
    CXString usr = clang_getCursorUSR(canonical_template(cursor));
    const char *text = clang_getCString(usr);
    size_t index = text != NULL && *text != '\0' ? function_with_usr(context->model, text) : SIZE_MAX;
    clang_disposeString(usr);
    return index;
}

/* Whether a call with `nargs` arguments can call `function`: no more than
 * it has parameters (unless it is variadic or a template, whose parameter
 * packs take any number), no fewer than those without a default argument. */
static bool takes_arguments(const cdpl_function *function, size_t nargs)
{
    if (function->is_template) {
        for (size_t t = 0; t < function->ntemplate_params; ++t)
            if (function->template_params[t].pack) return true;
    }
    if (nargs > function->nparams && !function->is_variadic) return false;
    size_t required = function->nparams;
    for (size_t d = 0; d < function->ndefault_args; ++d)
        if (function->default_args[d].param < required) required = function->default_args[d].param;
    return nargs >= required;
}

void cdpl_keep_callable(const cdpl_model *model, size_t nargs, size_t *functions, size_t *count)
{
    size_t kept = 0;
    for (size_t f = 0; f < *count; ++f)
        if (takes_arguments(&model->functions[functions[f]], nargs)) functions[kept++] = functions[f];
    if (kept > 0) *count = kept;
}

bool cdpl_add_kernels_named(cdpl_context *context, const char *name, size_t length, size_t **found, size_t *count)
{
    const cdpl_model *model = context->model;
    for (size_t f = 0; f < model->nfunctions; ++f) {
        const cdpl_function *function = &model->functions[f];
        if (function->side != CDPL_SIDE_KERNEL || strlen(function->name) != length ||
            memcmp(function->name, name, length) != 0)
            continue;
        bool known = false;
        for (size_t k = 0; k < *count && !known; ++k) known = (*found)[k] == f;
        if (!known && !cdpl_append(context, found, count, sizeof f, &f)) return false;
    }
    return true;
}

size_t cdpl_function_enclosing(const cdpl_model *model, size_t offset)
{
    size_t best = SIZE_MAX;
    for (size_t f = 0; f < model->nfunctions; ++f) {
        const cdpl_function *function = &model->functions[f];
        if (!function->has_body || offset < function->body.begin || offset >= function->body.end) continue;
        if (best == SIZE_MAX ||
            function->body.end - function->body.begin < model->functions[best].body.end - model->functions[best].body.begin)
            best = f;
    }
    return best;
}

/* ---- declarations ---- */

typedef struct attributes {
    bool global, device, host;
    size_t first_offset; /* of the earliest attribute in the main file */
    bool any_in_main_file;
    const cdpl_unit *unit;
} attributes;

static enum CXChildVisitResult read_attribute(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    attributes *found = data;
    enum CXCursorKind kind = clang_getCursorKind(cursor);
    if (!clang_isAttribute(kind)) return CXChildVisit_Continue;
    if (kind == CXCursor_CUDAGlobalAttr) found->global = true;
    if (kind == CXCursor_CUDADeviceAttr) found->device = true;
    if (kind == CXCursor_CUDAHostAttr) found->host = true;
    size_t offset = 0;
    if (cdpl_main_offset(found->unit, clang_getCursorLocation(cursor), &offset) &&
        (!found->any_in_main_file || offset < found->first_offset)) {
        found->first_offset = offset;
        found->any_in_main_file = true;
    }
    return CXChildVisit_Continue;
}

static cdpl_function_side side_of(const attributes *found)
{
    if (found->global) return CDPL_SIDE_KERNEL;
    if (found->device) return found->host ? CDPL_SIDE_HOST_DEVICE : CDPL_SIDE_DEVICE;
    return CDPL_SIDE_HOST;
}

/* Where the declaration starts in the text: its extent, widened to an
 * attribute macro written before it and to an unbraced `extern "C"`. */
static cdpl_range declaration_extent(const cdpl_model *model, const cdpl_unit *unit, CXCursor declaration,
                                     CXCursor parent, const attributes *found)
{
    cdpl_range extent;
    if (!cdpl_cursor_main_range(unit, declaration, &extent)) return (cdpl_range){0, 0};
    /* Not an attribute an explicit specialization inherits from its
     * template's declaration: a `;` or `}` ends that one in between. */
    if (found->any_in_main_file && found->first_offset < extent.begin &&
        memchr(model->source + found->first_offset, ';', extent.begin - found->first_offset) == NULL &&
        memchr(model->source + found->first_offset, '}', extent.begin - found->first_offset) == NULL)
        extent.begin = found->first_offset;
    cdpl_range linkage;
    /* An unbraced linkage specification ends where its only declaration ends. */
    if (clang_getCursorKind(parent) == CXCursor_LinkageSpec && cdpl_cursor_main_range(unit, parent, &linkage) &&
        linkage.end == extent.end && linkage.begin < extent.begin)
        extent.begin = linkage.begin;
    return extent;
}

typedef struct declaration_tokens {
    cdpl_range global_attr;
    cdpl_range launch_bounds;
    cdpl_range name;
} declaration_tokens;

/* The `__global__` token before the name and the `__launch_bounds__(...)`
 * tokens before the body; the `__grid_constant__` tokens go to `function`. */
static declaration_tokens find_declaration_tokens(cdpl_context *context, const cdpl_unit *unit,
                                                  cdpl_range head, size_t name_offset, cdpl_function *function)
{
    declaration_tokens found = {{0, 0}, {0, 0}, {0, 0}};
    const cdpl_model *model = context->model;
    cdpl_range name = {name_offset, name_offset + strlen(function->name)};
    if (name.end <= model->source_size && cdpl_text_is(model, name, function->name)) found.name = name;
    cdpl_tokens tokens;
    if (!cdpl_tokenize(context, unit, head, &tokens)) return found;
    for (unsigned t = 0; t < tokens.count; ++t) {
        if (tokens.ranges[t].begin < name_offset && found.global_attr.end == 0 &&
            cdpl_token_is(model, &tokens, t, "__global__"))
            found.global_attr = tokens.ranges[t];
        if (found.launch_bounds.end == 0 && cdpl_token_is(model, &tokens, t, "__launch_bounds__") &&
            cdpl_token_is(model, &tokens, t + 1, "(")) {
            unsigned close = cdpl_matching_bracket(model, &tokens, t + 1);
            if (close < tokens.count)
                found.launch_bounds = (cdpl_range){tokens.ranges[t].begin, tokens.ranges[close].end};
        }
        if (tokens.ranges[t].begin > name_offset && cdpl_token_is(model, &tokens, t, "__grid_constant__"))
            cdpl_append(context, &function->grid_constants, &function->ngrid_constants, sizeof tokens.ranges[t],
                        &tokens.ranges[t]);
    }
    cdpl_tokens_dispose(&tokens);
    return found;
}

typedef struct parameters {
    cdpl_context *context;
    size_t count;
    char **types; /* NULL while counting */
    bool *decays;
    char **elements;
    char **names;
} parameters;

static bool is_array(CXType type)
{
    switch (type.kind) {
    case CXType_ConstantArray:
    case CXType_IncompleteArray:
    case CXType_VariableArray:
    case CXType_DependentSizedArray: return true;
    default: return false;
    }
}

static bool is_array_or_function(CXType type)
{
    return is_array(type) || type.kind == CXType_FunctionProto || type.kind == CXType_FunctionNoProto;
}

/* A parameter declared as an array or a function, by itself or through a
 * typedef, is a pointer (C++ adjusts its type): the record must hold that
 * pointer, which codegen spells. It spells one to an array's element as
 * `E *` where it can: a kernel template's launcher then deduces from it as
 * the kernel does. */
static void read_parameter_type(parameters *found, CXCursor parameter)
{
    CXType type = clang_getCursorType(parameter);
    size_t p = found->count;
    found->types[p] = cdpl_take_string(found->context, clang_getTypeSpelling(type));
    found->decays[p] = is_array_or_function(type) || is_array_or_function(clang_getCanonicalType(type));
    if (is_array(type))
        found->elements[p] = cdpl_take_string(found->context, clang_getTypeSpelling(clang_getArrayElementType(type)));
}

static enum CXChildVisitResult read_parameter(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    parameters *found = data;
    if (clang_getCursorKind(cursor) != CXCursor_ParmDecl) return CXChildVisit_Continue;
    if (found->types != NULL) {
        read_parameter_type(found, cursor);
        char *name = cdpl_take_string(found->context, clang_getCursorSpelling(cursor));
        if (name != NULL && *name == '\0') {
            free(name);
            name = NULL;
        }
        found->names[found->count] = name;
    }
    ++found->count;
    return CXChildVisit_Continue;
}

static void set_parameters(cdpl_context *context, cdpl_function *function, CXCursor declaration)
{
    cdpl_function_free_parameters(function);
    parameters found = {context, 0, NULL, NULL, NULL, NULL};
    clang_visitChildren(declaration, read_parameter, &found);
    size_t count = found.count;
    found = (parameters){context, 0, calloc(count + 1, sizeof(char *)), calloc(count + 1, sizeof(bool)),
                         calloc(count + 1, sizeof(char *)), calloc(count + 1, sizeof(char *))};
    if (found.types == NULL || found.decays == NULL || found.elements == NULL || found.names == NULL) {
        context->out_of_memory = true;
        free(found.types);
        free(found.decays);
        free(found.elements);
        free(found.names);
        return;
    }
    clang_visitChildren(declaration, read_parameter, &found);
    function->nparams = count;
    function->param_types = found.types;
    function->param_decays = found.decays;
    function->param_elements = found.elements;
    function->param_names = found.names;
    CXType type = clang_getCursorType(declaration);
    function->is_variadic = type.kind != CXType_Invalid && clang_isFunctionTypeVariadic(type) == 1;
}

static bool is_template_or_in_one(CXCursor declaration)
{
    if (clang_getCursorKind(declaration) == CXCursor_FunctionTemplate) return true;
    if (!clang_Cursor_isNull(clang_getSpecializedCursorTemplate(declaration))) return true;
    for (CXCursor scope = clang_getCursorSemanticParent(declaration);
         !clang_Cursor_isNull(scope) && !clang_isTranslationUnit(clang_getCursorKind(scope));
         scope = clang_getCursorSemanticParent(scope)) {
        enum CXCursorKind kind = clang_getCursorKind(scope);
        if (kind == CXCursor_ClassTemplate || kind == CXCursor_ClassTemplatePartialSpecialization) return true;
    }
    return false;
}

static bool is_member(CXCursor declaration)
{
    enum CXCursorKind parent = clang_getCursorKind(clang_getCursorSemanticParent(declaration));
    return parent == CXCursor_ClassDecl || parent == CXCursor_StructDecl || parent == CXCursor_UnionDecl ||
           parent == CXCursor_ClassTemplate || parent == CXCursor_ClassTemplatePartialSpecialization;
}

/* The USR of the function template an explicit specialization specializes. */
static char *specialized_template_usr(cdpl_context *context, CXCursor declaration)
{
    if (clang_getCursorKind(declaration) == CXCursor_FunctionTemplate) return NULL;
    CXCursor pattern = clang_getSpecializedCursorTemplate(declaration);
    if (clang_Cursor_isNull(pattern)) return NULL;
    char *usr = cdpl_take_string(context, clang_getCursorUSR(pattern));
    if (usr != NULL && *usr == '\0') {
        free(usr);
        usr = NULL;
    }
    return usr;
}

static size_t add_function(cdpl_context *context, CXCursor declaration, const char *usr)
{
    cdpl_model *model = context->model;
    cdpl_function function = {.specializes = SIZE_MAX};
    function.usr = cdpl_strdup(context, usr);
    function.name = cdpl_take_string(context, clang_getCursorSpelling(declaration));
    function.is_template = is_template_or_in_one(declaration);
    function.is_member = is_member(declaration);
    function.specialized_usr = specialized_template_usr(context, declaration);
    if (function.usr == NULL || function.name == NULL ||
        !cdpl_append(context, &model->functions, &model->nfunctions, sizeof function, &function)) {
        free(function.usr);
        free(function.name);
        free(function.specialized_usr);
        return SIZE_MAX;
    }
    return model->nfunctions - 1;
}

/* Inserts the declaration's ranges, keeping decls in source order. */
static bool add_declaration(cdpl_context *context, cdpl_function *function, cdpl_range extent,
                            declaration_tokens tokens)
{
    size_t at = 0;
    while (at < function->ndecls && function->decls[at].begin < extent.begin) ++at;
    size_t count = function->ndecls + 1;
    cdpl_range *decls = realloc(function->decls, count * sizeof *decls);
    if (decls != NULL) function->decls = decls;
    cdpl_range *globals = realloc(function->global_attrs, count * sizeof *globals);
    if (globals != NULL) function->global_attrs = globals;
    cdpl_range *bounds = realloc(function->launch_bounds, count * sizeof *bounds);
    if (bounds != NULL) function->launch_bounds = bounds;
    cdpl_range *names = realloc(function->decl_names, count * sizeof *names);
    if (names != NULL) function->decl_names = names;
    if (decls == NULL || globals == NULL || bounds == NULL || names == NULL) {
        context->out_of_memory = true;
        return false;
    }
    size_t moved = (function->ndecls - at) * sizeof(cdpl_range);
    memmove(decls + at + 1, decls + at, moved);
    memmove(globals + at + 1, globals + at, moved);
    memmove(bounds + at + 1, bounds + at, moved);
    memmove(names + at + 1, names + at, moved);
    decls[at] = extent;
    globals[at] = tokens.global_attr;
    bounds[at] = tokens.launch_bounds;
    names[at] = tokens.name;
    function->ndecls = count;
    return true;
}

static bool has_declaration_at(const cdpl_function *function, size_t begin)
{
    for (size_t d = 0; d < function->ndecls; ++d)
        if (function->decls[d].begin == begin) return true;
    return false;
}

typedef struct template_param_walk {
    cdpl_context *context;
    const cdpl_unit *unit;
    cdpl_function *function;
    cdpl_range all;           /* from the first parameter's begin to the last one's end */
} template_param_walk;

static bool is_template_param_kind(enum CXCursorKind kind)
{
    return kind == CXCursor_TemplateTypeParameter || kind == CXCursor_NonTypeTemplateParameter ||
           kind == CXCursor_TemplateTemplateParameter;
}

/* The parameter's tokens up to its top-level `=`, and whether it is a pack. */
static bool read_template_param(template_param_walk *walk, CXCursor cursor, cdpl_template_param *param)
{
    cdpl_range extent;
    cdpl_tokens tokens;
    if (!cdpl_cursor_main_range(walk->unit, cursor, &extent) ||
        !cdpl_tokenize(walk->context, walk->unit, extent, &tokens))
        return false;
    const cdpl_model *model = walk->context->model;
    int depth = 0;
    unsigned end = tokens.count;
    for (unsigned t = 0; t < tokens.count && end == tokens.count; ++t) {
        if (cdpl_token_is(model, &tokens, t, "(") || cdpl_token_is(model, &tokens, t, "[") ||
            cdpl_token_is(model, &tokens, t, "{") || cdpl_token_is(model, &tokens, t, "<"))
            ++depth;
        else if (cdpl_token_is(model, &tokens, t, ")") || cdpl_token_is(model, &tokens, t, "]") ||
                 cdpl_token_is(model, &tokens, t, "}") || cdpl_token_is(model, &tokens, t, ">"))
            --depth;
        else if (depth == 0 && cdpl_token_is(model, &tokens, t, "="))
            end = t;
        else if (depth == 0 && cdpl_token_is(model, &tokens, t, "..."))
            param->pack = true;
    }
    bool read = end > 0;
    if (read) param->text = (cdpl_range){tokens.ranges[0].begin, tokens.ranges[end - 1].end};
    cdpl_tokens_dispose(&tokens);
    if (read && (walk->all.end == 0 || extent.begin < walk->all.begin)) walk->all.begin = extent.begin;
    if (read && extent.end > walk->all.end) walk->all.end = extent.end;
    return read;
}

static enum CXChildVisitResult visit_template_param(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    template_param_walk *walk = data;
    if (!is_template_param_kind(clang_getCursorKind(cursor))) return CXChildVisit_Continue;
    cdpl_template_param param = {{0, 0}, NULL, false};
    if (!read_template_param(walk, cursor, &param)) return CXChildVisit_Continue;
    char *name = cdpl_take_string(walk->context, clang_getCursorSpelling(cursor));
    if (name != NULL && *name != '\0') param.name = name;
    else free(name);
    if (!cdpl_append(walk->context, &walk->function->template_params, &walk->function->ntemplate_params,
                     sizeof param, &param))
        free(param.name);
    return CXChildVisit_Continue;
}

/* The template parameters of a function template: those of its definition
 * (whose names the parameter types use), and the whole list as the first
 * declaration writes it. */
static void record_template_params(cdpl_context *context, const cdpl_unit *unit, cdpl_function *function,
                                   CXCursor declaration, bool first, bool defines)
{
    if (clang_getCursorKind(declaration) != CXCursor_FunctionTemplate) return;
    cdpl_function scratch = {0};
    template_param_walk walk = {context, unit, defines ? function : &scratch, {0, 0}};
    if (defines) {
        for (size_t t = 0; t < function->ntemplate_params; ++t) free(function->template_params[t].name);
        free(function->template_params);
        function->template_params = NULL;
        function->ntemplate_params = 0;
    }
    clang_visitChildren(declaration, visit_template_param, &walk);
    if (first) function->template_params_text = walk.all;
    for (size_t t = 0; t < scratch.ntemplate_params; ++t) free(scratch.template_params[t].name);
    free(scratch.template_params);
}

typedef struct default_walk {
    cdpl_context *context;
    const cdpl_unit *unit;
    cdpl_function *function;
    size_t decl_begin;
    size_t param;
} default_walk;

/* The expression after a parameter's top-level `=`, if it has one. */
static bool default_value(default_walk *walk, CXCursor parameter, cdpl_range *value)
{
    cdpl_range extent;
    cdpl_tokens tokens;
    if (!cdpl_cursor_main_range(walk->unit, parameter, &extent) ||
        !cdpl_tokenize(walk->context, walk->unit, extent, &tokens))
        return false;
    const cdpl_model *model = walk->context->model;
    int depth = 0;
    bool found = false;
    for (unsigned t = 0; t < tokens.count && !found; ++t) {
        if (cdpl_token_is(model, &tokens, t, "(") || cdpl_token_is(model, &tokens, t, "[") ||
            cdpl_token_is(model, &tokens, t, "{") || cdpl_token_is(model, &tokens, t, "<"))
            ++depth;
        else if (cdpl_token_is(model, &tokens, t, ")") || cdpl_token_is(model, &tokens, t, "]") ||
                 cdpl_token_is(model, &tokens, t, "}") || cdpl_token_is(model, &tokens, t, ">"))
            --depth;
        else if (depth == 0 && cdpl_token_is(model, &tokens, t, "=") && t + 1 < tokens.count) {
            *value = (cdpl_range){tokens.ranges[t + 1].begin, tokens.ranges[tokens.count - 1].end};
            found = true;
        }
    }
    cdpl_tokens_dispose(&tokens);
    return found;
}

static enum CXChildVisitResult read_default(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    default_walk *walk = data;
    if (clang_getCursorKind(cursor) != CXCursor_ParmDecl) return CXChildVisit_Continue;
    cdpl_default_arg found = {walk->decl_begin, walk->param++, {0, 0}};
    if (default_value(walk, cursor, &found.value))
        cdpl_append(walk->context, &walk->function->default_args, &walk->function->ndefault_args, sizeof found,
                    &found);
    return CXChildVisit_Continue;
}

static void record_default_arguments(cdpl_context *context, const cdpl_unit *unit, cdpl_function *function,
                                     CXCursor declaration, size_t decl_begin)
{
    default_walk walk = {context, unit, function, decl_begin, 0};
    clang_visitChildren(declaration, read_default, &walk);
}

static void record_declaration(cdpl_context *context, const cdpl_unit *unit, CXCursor declaration,
                               CXCursor parent, void *data)
{
    (void)data;
    CXString usr_string = clang_getCursorUSR(declaration);
    const char *usr = clang_getCString(usr_string);
    size_t name_offset = 0;
    if (usr == NULL || *usr == '\0' || !cdpl_main_offset(unit, clang_getCursorLocation(declaration), &name_offset)) {
        clang_disposeString(usr_string);
        return;
    }
    cdpl_model *model = context->model;
    size_t index = function_with_usr(model, usr);
    if (index == SIZE_MAX) index = add_function(context, declaration, usr);
    clang_disposeString(usr_string);
    if (index == SIZE_MAX) return;

    attributes found = {.unit = unit};
    clang_visitChildren(declaration, read_attribute, &found);
    cdpl_function *function = &model->functions[index];
    cdpl_function_side side = side_of(&found);
    if (side > function->side) function->side = side; /* declarations of one entity agree; keep the widest */

    cdpl_range extent = declaration_extent(model, unit, declaration, parent, &found);
    if (extent.end == 0) return;
    CXCursor body = body_of(declaration);
    cdpl_range body_range = {0, 0};
    bool defines = !clang_Cursor_isNull(body) && cdpl_cursor_main_range(unit, body, &body_range);
    if (!has_declaration_at(function, extent.begin)) {
        bool first = function->ndecls == 0 || extent.begin < function->decls[0].begin;
        cdpl_range head = {extent.begin, defines ? body_range.begin : extent.end};
        if (!add_declaration(context, function, extent,
                             find_declaration_tokens(context, unit, head, name_offset, function)))
            return;
        if (first) function->loc = cdpl_loc_at(model, name_offset);
        record_default_arguments(context, unit, function, declaration, extent.begin);
        record_template_params(context, unit, function, declaration, first, defines);
        if (defines || (!function->has_body && function->ndecls == 1)) set_parameters(context, function, declaration);
    }
    if (defines && !function->has_body) {
        function->has_body = true;
        function->body = body_range;
        set_parameters(context, function, declaration);
    }
}

static int by_first_declaration(const void *left, const void *right)
{
    const cdpl_function *a = left, *b = right;
    size_t a_begin = a->ndecls ? a->decls[0].begin : SIZE_MAX, b_begin = b->ndecls ? b->decls[0].begin : SIZE_MAX;
    return (a_begin > b_begin) - (a_begin < b_begin);
}

/* ---- bodies ---- */

typedef struct body_walk {
    cdpl_context *context;
    const cdpl_unit *unit;
    size_t function;
} body_walk;

bool cdpl_is_cuda_builtin_variable(CXCursor variable)
{
    if (clang_getCursorKind(variable) != CXCursor_VarDecl) return false;
    CXString type = clang_getTypeSpelling(clang_getCursorType(variable));
    const char *type_text = clang_getCString(type);
    bool builtin = type_text != NULL && strstr(type_text, "__cuda_builtin_") != NULL;
    clang_disposeString(type);
    return builtin;
}

bool cdpl_is_virtualized_builtin(CXCursor variable)
{
    if (!cdpl_is_cuda_builtin_variable(variable)) return false;
    CXString name = clang_getCursorSpelling(variable);
    const char *text = clang_getCString(name);
    bool named = text != NULL && (strcmp(text, "blockIdx") == 0 || strcmp(text, "gridDim") == 0);
    clang_disposeString(name);
    return named;
}

static bool is_builtin_block_variable(const cdpl_unit *unit, CXCursor variable)
{
    return !cdpl_cursor_in_main_file(unit, variable) && cdpl_is_virtualized_builtin(variable);
}

/* Keeps a use that cannot be rewritten, once per place; takes `through`. */
static void add_hidden_builtin(cdpl_context *context, size_t function, cdpl_loc loc, char *through)
{
    for (size_t h = 0; h < context->nhidden_builtins; ++h) {
        const cdpl_hidden_builtin *known = &context->hidden_builtins[h];
        if (known->function == function && known->loc.line == loc.line && known->loc.column == loc.column) {
            free(through);
            return;
        }
    }
    cdpl_hidden_builtin hidden = {function, loc, through};
    if (!cdpl_append(context, &context->hidden_builtins, &context->nhidden_builtins, sizeof hidden, &hidden))
        free(through);
}

static void add_builtin_ref(body_walk *walk, CXCursor reference, CXCursor variable)
{
    cdpl_context *context = walk->context;
    size_t use = 0, spelled = 0;
    if (!cdpl_main_offset(walk->unit, clang_getCursorLocation(reference), &use)) return;
    CXString name = clang_getCursorSpelling(variable);
    const char *text = clang_getCString(name);
    /* Written in this body (possibly as a macro argument) it is renamed in
     * place; written in a macro's definition, it is renamed there for every
     * use of the macro, and reachability makes every function that uses it
     * read the virtual block. Only a macro of another file hides it. */
    bool renamable = cdpl_spelled_main_offset(walk->unit, clang_getCursorLocation(reference), &spelled);
    cdpl_range range = {spelled, spelled + strlen(text)};
    renamable = renamable && cdpl_text_is(context->model, range, text);
    clang_disposeString(name);
    if (!renamable) {
        add_hidden_builtin(context, walk->function, cdpl_loc_at(context->model, use), NULL);
        return;
    }
    cdpl_add_builtin_ref(context, walk->function, range);
}

void cdpl_add_builtin_ref(cdpl_context *context, size_t index, cdpl_range range)
{
    cdpl_function *function = &context->model->functions[index];
    size_t at = 0;
    while (at < function->nbuiltin_refs && function->builtin_refs[at].begin < range.begin) ++at;
    if (at < function->nbuiltin_refs && function->builtin_refs[at].begin == range.begin) return;
    if (!cdpl_append(context, &function->builtin_refs, &function->nbuiltin_refs, sizeof range, &range)) return;
    memmove(function->builtin_refs + at + 1, function->builtin_refs + at,
            (function->nbuiltin_refs - 1 - at) * sizeof range);
    function->builtin_refs[at] = range;
}

void cdpl_add_callee(cdpl_context *context, size_t caller, size_t callee)
{
    cdpl_function *function = &context->model->functions[caller];
    for (size_t c = 0; c < function->ncallees; ++c)
        if (function->callees[c] == callee) return;
    cdpl_append(context, &function->callees, &function->ncallees, sizeof callee, &callee);
}

/* A call of a header function that reads blockIdx or gridDim (such as
 * cooperative_groups' this_grid() or thread_block::group_index()): an
 * error if the caller turns out to read the virtual block. */
static void add_header_block_read(body_walk *walk, CXCursor reference, CXCursor function)
{
    cdpl_context *context = walk->context;
    size_t use = 0;
    if (!cdpl_main_offset(walk->unit, clang_getCursorLocation(reference), &use)) return;
    CXString name = clang_getCursorDisplayName(function);
    char *through = cdpl_strdup(context, clang_getCString(name));
    clang_disposeString(name);
    if (through != NULL) add_hidden_builtin(context, walk->function, cdpl_loc_at(context->model, use), through);
}

static void add_callee(body_walk *walk, CXCursor reference, CXCursor referenced)
{
    size_t callee = cdpl_function_of(walk->context, referenced);
    /* A kernel is only ever launched, never called; launches are not calls. */
    if (callee != SIZE_MAX && walk->context->model->functions[callee].side != CDPL_SIDE_KERNEL)
        cdpl_add_callee(walk->context, walk->function, callee);
    /* At the name it calls by: not again at the call around it. */
    if (callee == SIZE_MAX && clang_getCursorKind(reference) != CXCursor_CallExpr &&
        cdpl_is_function_kind(clang_getCursorKind(referenced)) &&
        !cdpl_cursor_in_main_file(walk->unit, referenced) &&
        cdpl_header_function_reads_block(walk->context, referenced))
        add_header_block_read(walk, reference, referenced);
}

/* The range of the name a reference to a main-file function spells, if it
 * is spelled in the main file (not inside a macro's definition). */
static bool function_name_ref(body_walk *walk, CXCursor reference, size_t *function, cdpl_range *range)
{
    *function = cdpl_function_of(walk->context, clang_getCursorReferenced(reference));
    size_t at = 0;
    if (*function == SIZE_MAX || !cdpl_spelled_main_offset(walk->unit, clang_getCursorLocation(reference), &at))
        return false;
    const char *name = walk->context->model->functions[*function].name;
    *range = (cdpl_range){at, at + strlen(name)};
    return cdpl_text_is(walk->context->model, *range, name);
}

static void add_name_ref(cdpl_context *context, cdpl_range **refs, size_t *count, cdpl_range range)
{
    for (size_t r = 0; r < *count; ++r)
        if ((*refs)[r].begin == range.begin) return;
    cdpl_append(context, refs, count, sizeof range, &range);
}

static bool is_function_query(const char *name)
{
    static const char *const queries[] = {"cudaFuncGetAttributes", "cudaFuncSetAttribute", "cudaFuncSetCacheConfig",
                                          "cudaFuncSetSharedMemConfig"};
    for (size_t q = 0; q < sizeof queries / sizeof *queries; ++q)
        if (strcmp(name, queries[q]) == 0) return true;
    return strncmp(name, "cudaOccupancy", strlen("cudaOccupancy")) == 0;
}

static enum CXChildVisitResult find_queried_function(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    body_walk *walk = data;
    size_t function;
    cdpl_range range;
    if (clang_getCursorKind(cursor) == CXCursor_DeclRefExpr && function_name_ref(walk, cursor, &function, &range)) {
        cdpl_function *queried = &walk->context->model->functions[function];
        add_name_ref(walk->context, &queried->query_refs, &queried->nquery_refs, range);
    }
    return CXChildVisit_Recurse;
}

/* Host-side cudaLaunchKernel calls, and the kernel that the first argument
 * names, if any: the rewriter gives launches of runtime kernels and of
 * other files' kernels to the runtime (cdpl_cudaLaunchKernel), and in a
 * lowered file every such call, whose function may be one (a pointer that
 * cdpl_host_kernel gave). */
typedef struct launched_function {
    cdpl_context *context;
    size_t function;
} launched_function;

static enum CXChildVisitResult find_launched_function(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    launched_function *found = data;
    if (clang_getCursorKind(cursor) == CXCursor_DeclRefExpr) {
        size_t function = cdpl_function_of(found->context, clang_getCursorReferenced(cursor));
        if (function != SIZE_MAX && found->context->model->functions[function].side == CDPL_SIDE_KERNEL) {
            found->function = function;
            return CXChildVisit_Break;
        }
    }
    return CXChildVisit_Recurse;
}

static void record_kernel_launch_call(body_walk *walk, CXCursor call)
{
    cdpl_model *model = walk->context->model;
    size_t at = 0;
    if (model->functions[walk->function].side != CDPL_SIDE_HOST || clang_Cursor_getNumArguments(call) < 1 ||
        !cdpl_spelled_main_offset(walk->unit, clang_getCursorLocation(call), &at))
        return;
    cdpl_range callee = {at, at + strlen("cudaLaunchKernel")};
    if (callee.end > model->source_size || !cdpl_text_is(model, callee, "cudaLaunchKernel")) return;
    launched_function found = {walk->context, SIZE_MAX};
    CXCursor function = clang_Cursor_getArgument(call, 0);
    if (find_launched_function(function, call, &found) == CXChildVisit_Recurse)
        clang_visitChildren(function, find_launched_function, &found);
    cdpl_kernel_launch_call recorded = {callee, found.function};
    cdpl_append(walk->context, &model->kernel_launch_calls, &model->nkernel_launch_calls, sizeof recorded,
                &recorded);
}

/* A query about a function names it as an argument; the rewriter points
 * such queries at what really runs. */
static void record_query_arguments(body_walk *walk, CXCursor call)
{
    CXString spelling = clang_getCursorSpelling(call);
    const char *name = clang_getCString(spelling);
    bool query = name != NULL && is_function_query(name);
    bool launch = name != NULL && strcmp(name, "cudaLaunchKernel") == 0;
    clang_disposeString(spelling);
    if (launch) record_kernel_launch_call(walk, call);
    if (!query) return;
    int nargs = clang_Cursor_getNumArguments(call);
    for (int a = 0; a < nargs; ++a) {
        CXCursor argument = clang_Cursor_getArgument(call, (unsigned)a);
        find_queried_function(argument, call, walk);
        clang_visitChildren(argument, find_queried_function, walk);
    }
}

/* A lambda or a local class: the body's local variables are not all in
 * scope there. */
static bool closes_scope(enum CXCursorKind kind)
{
    return kind == CXCursor_LambdaExpr || kind == CXCursor_ClassDecl || kind == CXCursor_StructDecl ||
           kind == CXCursor_UnionDecl || kind == CXCursor_ClassTemplate ||
           kind == CXCursor_ClassTemplatePartialSpecialization;
}

/* Where it is not written in the main file (a macro's expansion), the whole
 * body counts as closed. */
static void add_closed_range(body_walk *walk, CXCursor cursor)
{
    cdpl_function *function = &walk->context->model->functions[walk->function];
    cdpl_range range;
    if (!cdpl_main_range(walk->unit, clang_getCursorExtent(cursor), &range)) range = function->body;
    cdpl_add_closed_range(walk->context, walk->function, range);
}

void cdpl_add_closed_range(cdpl_context *context, size_t index, cdpl_range range)
{
    cdpl_function *function = &context->model->functions[index];
    cdpl_append(context, &function->closed_ranges, &function->nclosed_ranges, sizeof range, &range);
}

/* A call whose callee is no function that the analysis can follow: a
 * pointer (the callee is a variable, parameter or field), a virtual method,
 * a name that only a template's instantiation resolves (no callee), or an
 * instantiation of a template of another file, whose body the analysis
 * does not walk and which may call what it was given (a functor's
 * operator(), for one). What it reaches may launch. */
static bool calls_unseen(const body_walk *walk, CXCursor call)
{
    CXCursor callee = clang_getCursorReferenced(call);
    if (clang_Cursor_isNull(callee) || !cdpl_is_function_kind(clang_getCursorKind(callee))) return true;
    if (clang_getCursorKind(callee) == CXCursor_CXXMethod && clang_CXXMethod_isVirtual(callee)) return true;
    return !clang_Cursor_isNull(clang_getSpecializedCursorTemplate(callee)) &&
           !cdpl_cursor_in_main_file(walk->unit, callee);
}

static enum CXChildVisitResult visit_body(CXCursor cursor, CXCursor parent, CXClientData data)
{
    (void)parent;
    body_walk *walk = data;
    enum CXCursorKind kind = clang_getCursorKind(cursor);
    if (closes_scope(kind)) add_closed_range(walk, cursor);
    size_t named;
    cdpl_range name_range;
    if (kind == CXCursor_DeclRefExpr && function_name_ref(walk, cursor, &named, &name_range)) {
        cdpl_function *function = &walk->context->model->functions[named];
        add_name_ref(walk->context, &function->name_refs, &function->nname_refs, name_range);
    }
    if (kind == CXCursor_CallExpr) {
        record_query_arguments(walk, cursor);
        if (calls_unseen(walk, cursor)) walk->context->model->functions[walk->function].calls_unseen = true;
    }
    if (kind == CXCursor_OverloadedDeclRef) {
        for (unsigned d = 0; d < clang_getNumOverloadedDecls(cursor); ++d)
            add_callee(walk, cursor, clang_getOverloadedDecl(cursor, d));
    } else if (kind == CXCursor_DeclRefExpr || kind == CXCursor_MemberRefExpr || kind == CXCursor_CallExpr) {
        CXCursor referenced = clang_getCursorReferenced(cursor);
        if (kind == CXCursor_DeclRefExpr && is_builtin_block_variable(walk->unit, referenced))
            add_builtin_ref(walk, cursor, referenced);
        else
            add_callee(walk, cursor, referenced);
    }
    return CXChildVisit_Recurse;
}

static void record_body(cdpl_context *context, const cdpl_unit *unit, CXCursor definition, CXCursor body,
                        void *data)
{
    (void)data;
    size_t index = cdpl_function_of(context, definition);
    if (index == SIZE_MAX) return;
    body_walk walk = {context, unit, index};
    clang_visitChildren(body, visit_body, &walk);
}

void cdpl_find_functions(cdpl_context *context)
{
    visit_declarations(context, &context->host, true, record_declaration, NULL);
    visit_declarations(context, &context->device, true, record_declaration, NULL);
    cdpl_model *model = context->model;
    /* No function: the array is NULL, which qsort must not be given. */
    if (model->nfunctions > 1)
        qsort(model->functions, model->nfunctions, sizeof *model->functions, by_first_declaration);
    for (size_t f = 0; f < model->nfunctions; ++f)
        if (model->functions[f].specialized_usr != NULL)
            model->functions[f].specializes = function_with_usr(model, model->functions[f].specialized_usr);
    cdpl_visit_definitions(context, &context->host, true, record_body, NULL);
    cdpl_visit_definitions(context, &context->device, true, record_body, NULL);
}
