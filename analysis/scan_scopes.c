/* Scopes from braces and declaration headers. A `{` at declaration scope
 * opens a namespace, a linkage block or a class only when its header says
 * so for certain; any other opens a function body (an initializer's braces
 * follow `=`). Taking a class for a body only makes the scan stricter (its
 * member functions' device marks are then device code inside a host body);
 * taking a body for a class would lose a device function, and cannot happen
 * to a header with a parameter list. */
#include "scan_scopes.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scan_macros.h"

static cdpl_scan_header no_header(void) { return (cdpl_scan_header){.attribute_parens = -1}; }

bool cdpl_scope_walk_start(cdpl_scope_walk *walk, cdpl_context *context)
{
    *walk = (cdpl_scope_walk){.context = context, .body = SIZE_MAX, .header = no_header()};
    cdpl_scope file = {.kind = CDPL_SCOPE_DECLARATIONS};
    return cdpl_append(context, &walk->scopes, &walk->nscopes, sizeof file, &file);
}

void cdpl_scope_walk_free(cdpl_scope_walk *walk)
{
    free(walk->scopes);
    free(walk->device_names);
    free(walk->function_names);
    *walk = (cdpl_scope_walk){0};
}

static void give_up(cdpl_scope_walk *walk, const cdpl_scan_token *token, const char *problem)
{
    if (walk->problem != NULL) return;
    walk->problem = problem;
    walk->at = *token;
}

static bool is(const cdpl_scan_token *token, const char *text) { return cdpl_scan_token_is(token, text); }

static bool is_declaration_scope(cdpl_scope_kind kind)
{
    return kind == CDPL_SCOPE_DECLARATIONS || kind == CDPL_SCOPE_CLASS;
}

/* Keywords whose parentheses hold no parameter list. */
static bool opens_attribute(const cdpl_scan_token *token)
{
    static const char *const keywords[] = {
        "__attribute__", "__declspec", "alignas", "_Alignas", "__align__", "__launch_bounds__", "__cluster_dims__",
        "__maxnreg__",   "decltype",   "noexcept", "throw",   "__asm__",   "asm",               "__asm"};
    for (size_t k = 0; k < sizeof keywords / sizeof *keywords; ++k)
        if (is(token, keywords[k])) return true;
    return false;
}

/* Something lowering rewrites or refuses in device code, at `token`. */
static void lowered(cdpl_scope_walk *walk, const cdpl_scan_token *token, bool in_arch_region)
{
    if (in_arch_region) {
        give_up(walk, token, "under an #if that tells device code from host code");
        return;
    }
    size_t top = walk->nscopes - 1;
    if (walk->body == SIZE_MAX || walk->scopes[top].kind == CDPL_SCOPE_EXPRESSION ||
        is_declaration_scope(walk->scopes[top].kind)) {
        give_up(walk, token, "outside any function body");
        return;
    }
    cdpl_scope *body = &walk->scopes[walk->body];
    if (body->device) {
        give_up(walk, token, "in device code");
    } else if (body->header_unknown) {
        give_up(walk, &body->unknown, "heads a function that holds what lowering rewrites: a macro no file read "
                                      "defines, which may stand for __device__");
    } else {
        body->lowered_seen = true;
        if (body->device_seen)
            give_up(walk, token, "in a host function that holds device code too (a __device__ lambda?)");
    }
}

/* A device mark in a host body: a __device__ lambda, a device function of a local class. */
static void device_mark_in_body(cdpl_scope_walk *walk, const cdpl_scan_token *token)
{
    cdpl_scope *body = &walk->scopes[walk->body];
    if (body->device) return;
    body->device_seen = true;
    if (body->lowered_seen)
        give_up(walk, token, "marks device code in a host function that holds what lowering rewrites");
}

static bool same_text(const cdpl_scan_token *a, const cdpl_scan_token *b)
{
    return a->length == b->length && (a->length == 0 || memcmp(a->text, b->text, a->length) == 0);
}

bool cdpl_scope_walk_names_function(const cdpl_scope_walk *walk, const cdpl_scan_token *name)
{
    for (size_t n = 0; n < walk->nfunction_names; ++n)
        if (same_text(&walk->function_names[n], name)) return true;
    return false;
}

/* Remembers the name of the function the header declares, if it does. */
static void note_function(cdpl_scope_walk *walk)
{
    if (!walk->header.named || !walk->header.function_parens ||
        cdpl_scope_walk_names_function(walk, &walk->header.function.name))
        return;
    cdpl_append(walk->context, &walk->function_names, &walk->nfunction_names, sizeof walk->header.function.name,
                &walk->header.function.name);
}

/* The function the header names, with the class its body or its name puts it in. */
static cdpl_scan_name function_named(const cdpl_scope_walk *walk)
{
    cdpl_scan_name function = walk->header.function;
    const cdpl_scope *top = &walk->scopes[walk->nscopes - 1];
    if (function.scope.length == 0 && top->kind == CDPL_SCOPE_CLASS) function.scope = top->class_name;
    return function;
}

/* Whether nvcc makes the function the header defines device code for a
 * device mark on a declaration: it has none of its own (an overload may
 * say __host__), and a declaration of its name and class has one. */
static bool declared_device(const cdpl_scope_walk *walk)
{
    cdpl_scan_name function = function_named(walk);
    for (size_t n = 0; walk->header.named && !walk->header.host_mark && n < walk->ndevice_names; ++n)
        if (same_text(&walk->device_names[n].name, &function.name) &&
            (function.any_scope || same_text(&walk->device_names[n].scope, &function.scope)))
            return true;
    return false;
}

/* The end of a declaration at declaration scope. */
static void end_declaration(cdpl_scope_walk *walk)
{
    note_function(walk);
    if ((walk->header.marks & CDPL_MARK_DEVICE) && walk->header.named && !declared_device(walk)) {
        cdpl_scan_name function = function_named(walk);
        cdpl_append(walk->context, &walk->device_names, &walk->ndevice_names, sizeof function, &function);
    }
    walk->header = no_header();
}

static void push(cdpl_scope_walk *walk, cdpl_scope scope)
{
    if (!cdpl_append(walk->context, &walk->scopes, &walk->nscopes, sizeof scope, &scope)) return;
    if (scope.kind == CDPL_SCOPE_BODY) walk->body = walk->nscopes - 1;
}

static void open_brace(cdpl_scope_walk *walk, const cdpl_scan_token *token)
{
    cdpl_scope_kind top = walk->scopes[walk->nscopes - 1].kind;
    if (top == CDPL_SCOPE_BODY || top == CDPL_SCOPE_BLOCK) {
        push(walk, (cdpl_scope){.kind = CDPL_SCOPE_BLOCK});
        return;
    }
    const cdpl_scan_header *header = &walk->header;
    const cdpl_scan_token *previous = &walk->previous;
    bool member_initializer = header->constructor_initializers &&
                              (previous->kind == CDPL_SCAN_IDENTIFIER || is(previous, ">"));
    if (top == CDPL_SCOPE_EXPRESSION || header->parens > 0 || header->template_angles > 0 || member_initializer ||
        header->assigns) {
        push(walk, (cdpl_scope){.kind = CDPL_SCOPE_EXPRESSION});
    } else if (!header->function_parens && (header->namespace_key || header->linkage)) {
        push(walk, (cdpl_scope){.kind = CDPL_SCOPE_DECLARATIONS});
    } else if (!header->function_parens && header->class_key) {
        push(walk, (cdpl_scope){.kind = CDPL_SCOPE_CLASS, .class_name = header->class_name});
    } else if (!header->any) {
        give_up(walk, token, "begins no declaration");
    } else {
        note_function(walk);
        push(walk, (cdpl_scope){.kind = CDPL_SCOPE_BODY,
                                .device = (header->marks & CDPL_MARK_DEVICE) || declared_device(walk),
                                .header_unknown = (header->marks & CDPL_MARK_UNKNOWN) != 0,
                                .unknown = header->unknown});
    }
}

static void close_brace(cdpl_scope_walk *walk, const cdpl_scan_token *token)
{
    if (walk->nscopes <= 1) {
        give_up(walk, token, "closes nothing");
        return;
    }
    cdpl_scope_kind kind = walk->scopes[--walk->nscopes].kind;
    if (walk->nscopes < walk->floor && !is_declaration_scope(kind))
        give_up(walk, token, "closes braces that an #if branch did not open");
    if (kind == CDPL_SCOPE_BODY) walk->body = SIZE_MAX;
    /* After a class or an initializer the declaration goes on: `} s;`. */
    if (kind == CDPL_SCOPE_BODY || kind == CDPL_SCOPE_DECLARATIONS) walk->header = no_header();
}

/* The function `name` names, after `before` and `earlier`: `C::f`, or `f`. */
static cdpl_scan_name name_at(const cdpl_scan_token *name, const cdpl_scan_token *before,
                              const cdpl_scan_token *earlier)
{
    cdpl_scan_name function = {.name = *name};
    if (is(before, "::") && earlier->kind == CDPL_SCAN_IDENTIFIER)
        function.scope = *earlier;
    else if (is(before, "::"))
        function.any_scope = true;
    return function;
}

/* opens_template: the token follows `template`. */
static void header_punctuator(cdpl_scope_walk *walk, const cdpl_scan_token *token, bool opens_template)
{
    cdpl_scan_header *header = &walk->header;
    bool outside_brackets = header->parens == 0 && header->template_angles == 0;
    if (is(token, "(")) {
        if (header->attribute_parens < 0 && header->template_angles == 0 && opens_attribute(&walk->previous)) {
            header->attribute_parens = header->parens;
            header->gnu_attribute = is(&walk->previous, "__attribute__");
        } else if (outside_brackets && walk->previous.kind == CDPL_SCAN_IDENTIFIER) {
            header->function = name_at(&walk->previous, &walk->earlier[0], &walk->earlier[1]);
            header->named = true;
        }
        ++header->parens;
    } else if (is(token, ")")) {
        if (header->parens == 0) {
            give_up(walk, token, "closes nothing");
            return;
        }
        --header->parens;
        if (header->attribute_parens == header->parens)
            header->attribute_parens = -1;
        else if (header->parens == 0 && header->template_angles == 0)
            header->function_parens = true;
    } else if (is(token, "<") && opens_template) {
        header->template_angles = 1;
        header->template_parens = header->parens;
    } else if (header->template_angles > 0 && header->parens == header->template_parens) {
        header->template_angles += is(token, "<") - is(token, ">") - 2 * is(token, ">>");
        if (header->template_angles < 0) header->template_angles = 0;
    } else if (is(token, "=") && outside_brackets) {
        header->assigns = true;
    } else if (is(token, ";") && outside_brackets) {
        end_declaration(walk);
    } else if (is(token, ":") && outside_brackets) {
        header->class_head_ended = true;
        if (is(&walk->previous, "public") || is(&walk->previous, "protected") || is(&walk->previous, "private"))
            *header = no_header();
        else if (header->function_parens)
            header->constructor_initializers = true;
    }
}

static void header_token(cdpl_scope_walk *walk, const cdpl_scan_token *token, unsigned marks, bool in_arch_region)
{
    cdpl_scan_header *header = &walk->header;
    if (header->operator_state == 1) { /* the operator's symbol: `operator<<<T>` is no launch */
        header->operator_state = is(token, "(") ? 2 : 0;
        return;
    }
    if (header->operator_state == 2) {
        header->operator_state = 0;
        if (is(token, ")")) return;
    }
    header->any = true;
    if (marks & CDPL_MARK_LOWERED) lowered(walk, token, in_arch_region);
    bool template_next = header->template_next;
    header->template_next = false;
    if (header->class_key && is(token, "<") && !template_next) header->class_head_ended = true; /* S<T *> */
    if (token->kind == CDPL_SCAN_PUNCTUATOR) {
        header_punctuator(walk, token, template_next);
        return;
    }
    if (token->kind == CDPL_SCAN_LITERAL && is(&walk->previous, "extern")) header->linkage = true;
    if (token->kind != CDPL_SCAN_IDENTIFIER) return;
    if (is(token, "template")) header->template_next = true;
    if (is(token, "operator")) {
        header->operator_state = 1;
        header->function = name_at(token, &walk->previous, &walk->earlier[0]);
        header->named = true;
    }
    if (is(token, "namespace")) header->namespace_key = true;
    if (is(token, "__host__")) header->host_mark = true;
    bool class_key = is(token, "struct") || is(token, "class") || is(token, "union") || is(token, "enum");
    if (header->template_angles == 0 && class_key) header->class_key = true;
    if (header->class_key && !class_key && !header->class_head_ended && header->parens == 0 &&
        header->template_angles == 0 && !is(token, "final") && !opens_attribute(token))
        header->class_name = *token;
    if (header->gnu_attribute && header->attribute_parens >= 0 && (is(token, "device") || is(token, "global")))
        marks |= CDPL_MARK_DEVICE;
    header->marks |= marks & CDPL_MARK_DEVICE;
    if ((marks & CDPL_MARK_UNKNOWN) && header->parens == 0 && header->template_angles == 0 &&
        !(header->marks & CDPL_MARK_UNKNOWN)) {
        header->marks |= CDPL_MARK_UNKNOWN;
        header->unknown = *token;
    }
}

static bool confirms_lambda_mark(const cdpl_scan_token *token, unsigned marks)
{
    return is(token, "{") || is(token, "->") || is(token, "mutable") || is(token, "constexpr") ||
           is(token, "noexcept") || (marks & (CDPL_MARK_DEVICE | CDPL_MARK_UNKNOWN)) != 0;
}

void cdpl_scope_walk_token(cdpl_scope_walk *walk, const cdpl_scan_token *token, unsigned marks, bool in_arch_region)
{
    if (marks & CDPL_MARK_BRACES) give_up(walk, token, "is a macro whose braces do not pair up");
    bool in_body = walk->body != SIZE_MAX;
    /* Outside bodies such a name before `(` declares a function of the user's. */
    if (walk->runtime_name_pending && is(token, "(")) lowered(walk, &walk->previous, in_arch_region);
    walk->runtime_name_pending = (marks & CDPL_MARK_RUNTIME_NAME) && (in_body || in_arch_region);
    if (in_body && walk->lambda_mark_pending && confirms_lambda_mark(token, marks))
        device_mark_in_body(walk, &walk->previous);
    walk->lambda_mark_pending = false;
    cdpl_scope_kind top = walk->scopes[walk->nscopes - 1].kind;
    if (is(token, "{")) {
        open_brace(walk, token);
    } else if (is(token, "}")) {
        close_brace(walk, token);
    } else if (in_body) {
        if (marks & CDPL_MARK_LOWERED) lowered(walk, token, in_arch_region);
        /* An extended lambda's mark follows its captures or its parameters. */
        if (marks & CDPL_MARK_DEVICE)
            device_mark_in_body(walk, token);
        else if ((marks & CDPL_MARK_UNKNOWN) && is(&walk->previous, "]"))
            device_mark_in_body(walk, token);
        else if ((marks & CDPL_MARK_UNKNOWN) && is(&walk->previous, ")"))
            walk->lambda_mark_pending = true;
    } else if (top == CDPL_SCOPE_EXPRESSION) {
        if (marks & CDPL_MARK_LOWERED) lowered(walk, token, in_arch_region);
    } else {
        header_token(walk, token, marks, in_arch_region);
    }
    walk->earlier[1] = walk->earlier[0];
    walk->earlier[0] = walk->previous;
    walk->previous = *token;
}

cdpl_scope_mark cdpl_scope_walk_mark(const cdpl_scope_walk *walk)
{
    return (cdpl_scope_mark){walk->nscopes, walk->header};
}

void cdpl_scope_walk_branch_end(cdpl_scope_walk *walk, const cdpl_scope_mark *mark)
{
    for (size_t s = mark->nscopes; s < walk->nscopes; ++s)
        if (!is_declaration_scope(walk->scopes[s].kind)) {
            give_up(walk, &walk->previous, "leaves braces open at the end of an #if branch");
            return;
        }
    if (walk->nscopes != mark->nscopes || !is_declaration_scope(walk->scopes[walk->nscopes - 1].kind)) return;
    cdpl_scan_header *header = &walk->header;
    const cdpl_scan_header *before = &mark->header;
    if (header->parens != before->parens || header->template_angles != before->template_angles ||
        header->attribute_parens != before->attribute_parens) {
        give_up(walk, &walk->previous, "leaves a declaration's brackets otherwise than the #if found them");
        return;
    }
    if ((before->marks & CDPL_MARK_UNKNOWN) && !(header->marks & CDPL_MARK_UNKNOWN)) header->unknown = before->unknown;
    header->marks |= before->marks;
    header->any |= before->any;
    header->class_key |= before->class_key;
    header->namespace_key |= before->namespace_key;
    header->linkage |= before->linkage;
    header->assigns |= before->assigns;
    header->function_parens |= before->function_parens;
    header->constructor_initializers |= before->constructor_initializers;
}

bool cdpl_scope_walk_between_declarations(const cdpl_scope_walk *walk)
{
    return walk->scopes[walk->nscopes - 1].kind == CDPL_SCOPE_DECLARATIONS && !walk->header.any;
}

void cdpl_scope_walk_finish(cdpl_scope_walk *walk)
{
    if (walk->nscopes != 1)
        give_up(walk, &walk->previous, "is the last token, and braces are left open");
    else if (walk->header.any)
        give_up(walk, &walk->previous, "is the last token, and the declaration it is in has no end");
}
