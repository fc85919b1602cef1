/* The lowering decided from the model alone: which text changes where.
 * Each step below handles one kind of fact (kernels, launches, builtins,
 * runtime API calls); none of them looks at the AST. */
#include "rewrite.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen.h"
#include "headers.h"
#include "macro_uses.h"
#include "runtime_api.h"
#include "text.h"

typedef struct rewrite {
    cdpl_model *model;
    const cdpl_rewrite_options *options;
    cdpl_edits *edits;
    cdpl_kernel_plan *plans; /* per function; .kernel NULL unless it runs in the runtime */
    char **stems;
    bool *queried;           /* per function: registered for device-side queries already */
    char **template_texts;   /* per function, three: a kernel template's parameter lists and arguments */
    cdpl_edits *token_edits; /* per macro use: changes to tokens of its expansion (macro_uses.h) */
} rewrite;

static bool has_range(cdpl_range range) { return range.end > range.begin; }

static unsigned line_at(const cdpl_model *model, size_t offset) { return cdpl_loc_at(model, offset).line; }

/* The file a #line directive names to resume the user's text at `offset`:
 * the main file, or the included header the text comes from. */
static const char *line_file_at(const rewrite *rw, size_t offset)
{
    const char *header = cdpl_path_at(rw->model, offset);
    return header != NULL ? header : rw->options->line_file;
}

static bool range_in(cdpl_range range, const cdpl_range *ranges, size_t count)
{
    for (size_t i = 0; i < count; ++i)
        if (ranges[i].begin == range.begin) return true;
    return false;
}

static bool is_launch_of(const cdpl_model *model, size_t kernel, cdpl_range name)
{
    for (size_t l = 0; l < model->nlaunches; ++l)
        if (model->launches[l].kernel == kernel && model->launches[l].callee_name.begin == name.begin) return true;
    return false;
}

static bool is_kernel_query(cdpl_api api)
{
    return api == CDPL_API_FUNC_GET_ATTRIBUTES || api == CDPL_API_OCCUPANCY || api == CDPL_API_OCCUPANCY_WITH_FLAGS;
}

static bool in_device_query(const cdpl_model *model, cdpl_range use)
{
    for (size_t c = 0; c < model->napi_calls; ++c) {
        const cdpl_api_call *call = &model->api_calls[c];
        if (call->device_side && is_kernel_query(call->api) && use.begin >= call->whole.begin &&
            use.end <= call->whole.end)
            return true;
    }
    return false;
}

/* Whether another file of the program can name the kernel: external,
 * C++ linkage (its USR has a signature), neither a template nor a member. */
static bool named_across_files(const cdpl_function *kernel)
{
    return kernel->side == CDPL_SIDE_KERNEL && !kernel->is_template && !kernel->is_member &&
           strncmp(kernel->usr, "c:@", 3) == 0 && strchr(kernel->usr, '#') != NULL;
}

/* Whether the use at `offset` is in host code: in no function's body, or
 * in the body of a host function (the innermost body that holds it). */
static bool in_host_code(const cdpl_model *model, size_t offset)
{
    const cdpl_function *inner = NULL;
    for (size_t f = 0; f < model->nfunctions; ++f) {
        const cdpl_function *function = &model->functions[f];
        if (function->has_body && function->body.begin <= offset && offset < function->body.end &&
            (inner == NULL || function->body.begin > inner->body.begin))
            inner = function;
    }
    return inner == NULL || inner->side == CDPL_SIDE_HOST;
}

/* `call(` before `range` and `)` after it, unless the source already
 * has them there, before it or at its start (a lowered file lowered
 * again): the two wraps below ask the runtime what host code holds. */
static void wrap_once(rewrite *rw, cdpl_range range, const char *call)
{
    const size_t length = strlen(call);
    const char *source = rw->model->source;
    size_t before = range.begin;
    while (before > 0 && strchr(" \t\r\n", source[before - 1]) != NULL) --before;
    if ((before >= length && memcmp(source + before - length, call, length) == 0) ||
        (range.end - range.begin >= length && memcmp(source + range.begin, call, length) == 0))
        return;
    cdpl_edits_insert(rw->edits, range.begin, call);
    cdpl_edits_insert(rw->edits, range.end, ")");
}

/* `cdpl_host_kernel(k)` in place of a host-side use of `k`: what the
 * runtime says the name stands for (cdpl_host_names.cuh). */
static void ask_runtime_about(rewrite *rw, cdpl_range use) { wrap_once(rw, use, "cdpl_host_kernel("); }

/* `cdpl_host_launchable(f)<<<...>>>` in place of a host launch through a
 * pointer `f`, which may hold a runtime kernel's entry (ask_runtime_about
 * gave it, for queries): nvcc compiles the launch as a call of `f` after
 * pushing the configuration, and the entry called so would take the
 * arguments for a wave. The runtime gives the kernel's host function
 * instead, which pops the configuration and launches the kernel through
 * it; any other pointer stays as it is. */
static void launch_through_pointer_asks_runtime(rewrite *rw, cdpl_range callee)
{
    wrap_once(rw, callee, "cdpl_host_launchable(");
}

/* Other uses of a runtime kernel's name: a query about the kernel asks about
 * its entry, which is what runs. Where the kernel's name in host code is a
 * host function of this file (a renamed kernel) or of another (a foreign
 * one), host code's other uses ask the runtime what it stands for: queries
 * of it then answer for the entry, and cudaLaunchKernel launches it
 * through the runtime. Any other use of its address would launch or call
 * something that is no longer a kernel. */
static void redirect_name_uses(rewrite *rw, size_t index)
{
    const cdpl_function *kernel = &rw->model->functions[index];
    const cdpl_kernel_plan *plan = &rw->plans[index];
    for (size_t r = 0; r < kernel->nname_refs; ++r) {
        cdpl_range use = kernel->name_refs[r];
        if (is_launch_of(rw->model, index, use) || in_device_query(rw->model, use)) continue;
        bool query = range_in(use, kernel->query_refs, kernel->nquery_refs);
        if (query && !plan->foreign) {
            cdpl_text entry = {0};
            cdpl_text_printf(&entry, "cdpl_entry_%s", plan->stem);
            cdpl_edits_replace_owned(rw->edits, use.begin, use.end, cdpl_text_take(&entry));
        } else if ((plan->renamed || plan->foreign) && in_host_code(rw->model, use.begin)) {
            ask_runtime_about(rw, use);
        } else {
            /* Why its name stays no host function that could stand for it. */
            const char *why = !in_host_code(rw->model, use.begin)      ? ""
                              : rw->options->target != CDPL_TARGET_CUDA ? " (built with clang or hipcc, its name "
                                                                          "stays the kernel's own in host code)"
                              : !named_across_files(kernel)            ? " (it has internal linkage, `static` or "
                                                                          "in an unnamed namespace, whose name "
                                                                          "stays the kernel's own in host code)"
                                                                        : "";
            cdpl_model_diagnose(rw->model, CDPL_ERROR, cdpl_loc_at(rw->model, use.begin),
                                "kernel '%s' runs through the cdpl runtime, so its address can only be "
                                "given to attribute and occupancy queries%s; launch it with <<<>>> instead",
                                kernel->name, why);
        }
    }
}

/* A kernel only declared here, that no device code here launches: another
 * file defines it, lowered or not. Host code's uses of its address ask the
 * runtime what it stands for, as for a foreign kernel. */
static void redirect_declared_kernel_uses(rewrite *rw, size_t index)
{
    const cdpl_function *kernel = &rw->model->functions[index];
    if (rw->plans[index].kernel != NULL || kernel->has_body || !named_across_files(kernel)) return;
    for (size_t r = 0; r < kernel->nname_refs; ++r) {
        cdpl_range use = kernel->name_refs[r];
        if (!is_launch_of(rw->model, index, use) && !in_device_query(rw->model, use) &&
            in_host_code(rw->model, use.begin))
            ask_runtime_about(rw, use);
    }
}

/* Whether kernel `index` may run through the runtime once the program is
 * built: lowered here with a host name (renamed), or defined elsewhere. */
static bool may_run_in_runtime(const rewrite *rw, size_t index)
{
    const cdpl_kernel_plan *plan = &rw->plans[index];
    const cdpl_function *kernel = &rw->model->functions[index];
    return plan->kernel != NULL ? plan->renamed || plan->foreign : !kernel->has_body && named_across_files(kernel);
}

/* cudaLaunchKernel(f, ...) in host code: the runtime's version launches a
 * runtime kernel as a <<<>>> launch would, named by its host name or its
 * entry (a pointer that cdpl_host_kernel gave), and gives anything else to
 * cudaLaunchKernel. Every call of a lowered file goes there; in a file
 * with nothing else to lower, those that name such a kernel. */
static void lower_kernel_launch_calls(rewrite *rw, size_t first_edit)
{
    const cdpl_model *model = rw->model;
    bool lowered = rw->edits->count > first_edit;
    for (size_t c = 0; c < model->nkernel_launch_calls && !lowered; ++c)
        lowered = model->kernel_launch_calls[c].kernel != SIZE_MAX &&
                  may_run_in_runtime(rw, model->kernel_launch_calls[c].kernel);
    if (!lowered) return;
    for (size_t c = 0; c < model->nkernel_launch_calls; ++c)
        cdpl_edits_replace(rw->edits, model->kernel_launch_calls[c].callee.begin,
                           model->kernel_launch_calls[c].callee.end, "cdpl_cudaLaunchKernel");
}

static char *source_text(const cdpl_model *model, cdpl_range range)
{
    size_t size = range.end - range.begin;
    char *text = malloc(size + 1);
    if (text != NULL) {
        memcpy(text, model->source + range.begin, size);
        text[size] = '\0';
    }
    return text;
}

/* cdpl_launch_<stem>: the kernel's name, unless another runtime kernel of
 * the file (an overload) has it too. */
static char *make_stem(const rewrite *rw, size_t index)
{
    const cdpl_function *kernel = &rw->model->functions[index];
    bool shared = false;
    for (size_t other = 0; other < rw->model->nfunctions; ++other)
        if (other != index && rw->model->functions[other].runs_in_runtime &&
            strcmp(rw->model->functions[other].name, kernel->name) == 0)
            shared = true;
    cdpl_text stem = {0};
    cdpl_text_puts(&stem, kernel->name);
    if (shared) cdpl_text_printf(&stem, "_%zu", index);
    return cdpl_text_take(&stem);
}

static bool mentions_template_param(const cdpl_function *kernel, const char *text)
{
    for (size_t t = 0; t < kernel->ntemplate_params; ++t) {
        const char *name = kernel->template_params[t].name;
        size_t length = name != NULL ? strlen(name) : 0;
        for (const char *at = name != NULL ? strstr(text, name) : NULL; at != NULL; at = strstr(at + 1, name)) {
            bool starts = at == text || !(isalnum((unsigned char)at[-1]) || at[-1] == '_');
            bool ends = !(isalnum((unsigned char)at[length]) || at[length] == '_');
            if (starts && ends) return true;
        }
    }
    return false;
}

/* What a kernel template needs beyond a kernel: one definition of its
 * template parameters that the generated templates can repeat, no
 * function parameter pack, launch bounds that do not depend on it. */
static bool template_can_be_lowered(rewrite *rw, const cdpl_function *kernel)
{
    cdpl_model *model = rw->model;
    for (size_t p = 0; p < kernel->nparams; ++p)
        if (strstr(kernel->param_types[p], "...") != NULL) {
            cdpl_model_diagnose(model, CDPL_ERROR, kernel->loc,
                                "kernel template '%s' takes a function parameter pack, which cdp-lower cannot "
                                "pack into a launch record; give it a fixed list of parameters",
                                kernel->name);
            return false;
        }
    bool defined_first = kernel->has_body && kernel->decls[0].end >= kernel->body.end;
    if (!defined_first && memchr(model->source + kernel->template_params_text.begin, '=',
                                 kernel->template_params_text.end - kernel->template_params_text.begin) != NULL) {
        cdpl_model_diagnose(model, CDPL_ERROR, kernel->loc,
                            "kernel template '%s' is declared before its definition with default template "
                            "arguments; cdp-lower needs them on the definition, declared once",
                            kernel->name);
        return false;
    }
    for (size_t d = 0; d < kernel->ndecls; ++d) {
        if (!has_range(kernel->launch_bounds[d])) continue;
        char *bounds = source_text(model, kernel->launch_bounds[d]);
        bool dependent = bounds != NULL && mentions_template_param(kernel, bounds);
        free(bounds);
        if (dependent) {
            cdpl_model_diagnose(model, CDPL_ERROR, kernel->loc,
                                "kernel template '%s' has launch bounds that depend on its template parameters; "
                                "its instantiations share one entry kernel in the cdpl runtime, which can only "
                                "have one: give it fixed launch bounds",
                                kernel->name);
            return false;
        }
    }
    return true;
}

static bool kernel_can_be_lowered(rewrite *rw, const cdpl_function *kernel)
{
    cdpl_model *model = rw->model;
    if (kernel->is_member) {
        cdpl_model_diagnose(model, CDPL_ERROR, kernel->loc,
                            "kernel '%s' takes part in dynamic parallelism but is a class member; cdp-lower "
                            "does not lower those yet",
                            kernel->name);
        return false;
    }
    /* Before what a template needs of its definition: there is none here. */
    if (!kernel->has_body && kernel->is_template) {
        cdpl_model_diagnose(model, CDPL_ERROR, kernel->loc,
                            "kernel template '%s' is launched from device code but defined in another file: "
                            "without -rdc each instantiation that device code launches must be lowered with "
                            "its launches; define the template in this file (or in a header it includes)",
                            kernel->name);
        return false;
    }
    if (!kernel->has_body && !named_across_files(kernel)) {
        cdpl_model_diagnose(model, CDPL_ERROR, kernel->loc,
                            "kernel '%s' is launched from device code but not defined in this file, and no other "
                            "file can define it for this one (a class member, or a kernel of internal or C "
                            "linkage); define it in this file",
                            kernel->name);
        return false;
    }
    if (kernel->is_template && kernel->specializes == SIZE_MAX && !template_can_be_lowered(rw, kernel)) return false;
    if (kernel->is_variadic) {
        cdpl_model_diagnose(model, CDPL_ERROR, kernel->loc, "kernel '%s' is variadic", kernel->name);
        return false;
    }
    for (size_t d = 0; d < kernel->ndecls; ++d)
        if (!has_range(kernel->global_attrs[d])) {
            cdpl_model_diagnose(model, CDPL_ERROR, kernel->loc,
                                "kernel '%s' is declared __global__ through a macro; spell "
                                "`__global__` in its declarations so cdp-lower can turn it into "
                                "a device function",
                                kernel->name);
            return false;
        }
    return true;
}

/* The launcher is declared before the kernel's first declaration, and again
 * before each later one that adds default arguments, with those: a launch
 * sees the same defaults wherever it is. */
static void declare_launcher(rewrite *rw, size_t index)
{
    const cdpl_function *kernel = &rw->model->functions[index];
    const char **defaults = calloc(kernel->nparams + 1, sizeof *defaults);
    if (defaults == NULL) {
        rw->edits->failed = true;
        return;
    }
    for (size_t d = 0; d < kernel->ndecls; ++d) {
        bool any = false;
        for (size_t a = 0; a < kernel->ndefault_args; ++a) {
            const cdpl_default_arg *given = &kernel->default_args[a];
            if (given->decl_begin != kernel->decls[d].begin || given->param >= kernel->nparams) continue;
            defaults[given->param] = source_text(rw->model, given->value);
            any = true;
        }
        if (d == 0 || any)
            cdpl_edits_replace_owned(rw->edits, kernel->decls[d].begin, kernel->decls[d].begin,
                                     cdpl_codegen_launcher_declaration(&rw->plans[index], defaults, d == 0));
        for (size_t p = 0; p < kernel->nparams; ++p) {
            free((char *)defaults[p]);
            defaults[p] = NULL;
        }
    }
    free(defaults);
}

/* A kernel template's parameter list as its launcher's first declaration
 * writes it, as the generated templates write it (unnamed parameters get a
 * name), and the arguments naming the parameters. */
static void plan_template(rewrite *rw, size_t index)
{
    const cdpl_function *kernel = &rw->model->functions[index];
    cdpl_text parameters = {0}, arguments = {0};
    for (size_t t = 0; t < kernel->ntemplate_params; ++t) {
        const cdpl_template_param *param = &kernel->template_params[t];
        char generated[32];
        snprintf(generated, sizeof generated, "cdpl_t%zu", t);
        const char *name = param->name != NULL ? param->name : generated;
        cdpl_text_printf(&parameters, "%s%.*s%s%s", t ? ", " : "", (int)(param->text.end - param->text.begin),
                         rw->model->source + param->text.begin, param->name != NULL ? "" : " ",
                         param->name != NULL ? "" : generated);
        cdpl_text_printf(&arguments, "%s%s%s", t ? ", " : "", name, param->pack ? "..." : "");
    }
    char **texts = &rw->template_texts[3 * index];
    bool defined_first = kernel->decls[0].end >= kernel->body.end;
    texts[1] = cdpl_text_take(&parameters);
    texts[2] = cdpl_text_take(&arguments);
    cdpl_text declaration = {0};
    if (texts[1] != NULL) cdpl_text_puts(&declaration, texts[1]);
    texts[0] = defined_first ? source_text(rw->model, kernel->template_params_text) : cdpl_text_take(&declaration);
    if (defined_first) cdpl_text_free(&declaration);
    if (texts[0] == NULL || texts[1] == NULL || texts[2] == NULL) rw->edits->failed = true;
    cdpl_kernel_plan *plan = &rw->plans[index];
    plan->template_declaration = texts[0] != NULL ? texts[0] : "";
    plan->template_parameters = texts[1] != NULL ? texts[1] : "";
    plan->template_arguments = texts[2] != NULL ? texts[2] : "";
    for (size_t f = 0; f < rw->model->nfunctions; ++f)
        if (rw->model->functions[f].specializes == index) {
            plan->waits_at_barrier |= rw->model->functions[f].waits_at_barrier;
            plan->threads_may_leave_alone |= rw->model->functions[f].threads_may_leave_alone;
        }
}

/* Only a __global__ function's parameter may be `__grid_constant__`: in the
 * __device__ function a kernel becomes, the parameter is the thread's own
 * const copy of the record's value (docs/semantics.md, rule 3). */
static void drop_grid_constants(rewrite *rw, const cdpl_function *kernel)
{
    for (size_t g = 0; g < kernel->ngrid_constants; ++g)
        cdpl_edits_replace(rw->edits, kernel->grid_constants[g].begin, kernel->grid_constants[g].end, "");
}

/* An explicit specialization of a kernel template in the runtime runs
 * through the template's entry: it only becomes a __device__ function. */
static void lower_specialization(rewrite *rw, size_t index)
{
    const cdpl_function *kernel = &rw->model->functions[index];
    for (size_t d = 0; d < kernel->ndecls; ++d) {
        if (has_range(kernel->launch_bounds[d])) {
            cdpl_model_diagnose(rw->model, CDPL_ERROR, kernel->loc,
                                "this specialization of kernel template '%s' has launch bounds of its own; its "
                                "instantiations share one entry kernel in the cdpl runtime: put the launch "
                                "bounds on the template",
                                kernel->name);
            return;
        }
        cdpl_edits_replace(rw->edits, kernel->global_attrs[d].begin, kernel->global_attrs[d].end, "__device__");
    }
    drop_grid_constants(rw, kernel);
}

/* Where the declaration that ends at `end` ends with its semicolon. */
static size_t after_declaration(const cdpl_model *model, size_t end)
{
    size_t at = end;
    while (at < model->source_size && strchr(" \t\r\n", model->source[at]) != NULL) ++at;
    return at < model->source_size && model->source[at] == ';' ? at + 1 : end;
}

/* A kernel that another file defines: its launcher is declared before its
 * first declaration here, and defined, with its registration, after its
 * last one. */
static void lower_foreign_kernel(rewrite *rw, size_t index)
{
    const cdpl_function *kernel = &rw->model->functions[index];
    declare_launcher(rw, index);
    size_t after = after_declaration(rw->model, kernel->decls[kernel->ndecls - 1].end);
    cdpl_edits_replace_owned(rw->edits, after, after,
                             cdpl_codegen_foreign_support(&rw->plans[index], line_at(rw->model, after),
                                                          line_file_at(rw, after)));
}

/* Whether the kernel's name can become a host function of this file and
 * its body be renamed: every declaration spells the name, unqualified. */
static bool can_rename(const rewrite *rw, const cdpl_function *kernel)
{
    if (rw->options->target != CDPL_TARGET_CUDA || !named_across_files(kernel)) return false;
    for (size_t d = 0; d < kernel->ndecls; ++d) {
        cdpl_range name = kernel->decl_names[d];
        if (!has_range(name)) return false;
        size_t before = name.begin;
        while (before > 0 && strchr(" \t\r\n", rw->model->source[before - 1]) != NULL) --before;
        if (before > 0 && rw->model->source[before - 1] == ':') return false;
    }
    return true;
}

/* Mentions of a kernel beside its declarations (friend declarations,
 * explicit instantiations), each a `__global__` token and a name: they
 * name the __device__ function its body becomes, renamed `body_name`
 * where that is not NULL. */
static void follow_the_body(rewrite *rw, const cdpl_range *globals, const cdpl_range *names, size_t count,
                            const char *body_name)
{
    for (size_t m = 0; m < count; ++m) {
        if (body_name != NULL) cdpl_edits_replace(rw->edits, names[m].begin, names[m].end, body_name);
        cdpl_edits_replace(rw->edits, globals[m].begin, globals[m].end, "__device__");
    }
}

/* The kernel becomes a __device__ function (cdpl_kernel_<stem> where its
 * plan renames it, else of the same name); its launcher is declared before
 * it, its entry and launcher defined after it. */
static void lower_kernel(rewrite *rw, size_t index)
{
    const cdpl_function *kernel = &rw->model->functions[index];
    cdpl_kernel_plan *plan = &rw->plans[index];
    if (plan->foreign) {
        lower_foreign_kernel(rw, index);
        return;
    }
    char *body_name = plan->renamed ? cdpl_codegen_body_name(plan) : NULL;
    for (size_t d = 0; d < kernel->ndecls; ++d) {
        if (body_name != NULL)
            cdpl_edits_replace(rw->edits, kernel->decl_names[d].begin, kernel->decl_names[d].end, body_name);
        cdpl_edits_replace(rw->edits, kernel->global_attrs[d].begin, kernel->global_attrs[d].end,
                           "__device__");
        if (has_range(kernel->launch_bounds[d])) {
            if (plan->launch_bounds == NULL)
                plan->launch_bounds = source_text(rw->model, kernel->launch_bounds[d]);
            cdpl_edits_replace(rw->edits, kernel->launch_bounds[d].begin, kernel->launch_bounds[d].end, "");
        }
    }
    /* Its friends befriend the __device__ function the body becomes; its
     * explicit instantiations instantiate the __device__ template. */
    follow_the_body(rw, kernel->friend_globals, kernel->friend_names, kernel->nfriends, body_name);
    follow_the_body(rw, kernel->instantiation_globals, kernel->instantiation_names, kernel->ninstantiations,
                    body_name);
    free(body_name);
    drop_grid_constants(rw, kernel);
    declare_launcher(rw, index);
    unsigned resume_line = line_at(rw->model, kernel->body.end);
    const char *resume_file = line_file_at(rw, kernel->body.end);
    cdpl_edits_replace_owned(rw->edits, kernel->body.end, kernel->body.end,
                             plan->template_parameters != NULL
                                 ? cdpl_codegen_template_support(plan, resume_line, resume_file)
                                 : cdpl_codegen_kernel_support(plan, resume_line, resume_file));
}

/* Changes part `part` of a launch (at `range` where it is written) to
 * `text`, or inserts `text` before it: where it is written, or, for a launch
 * that a macro use's expansion holds, in that copy of it. */
static void change_launch_part(rewrite *rw, const cdpl_launch_site *site, int part, cdpl_range range, bool insert,
                               char *text)
{
    size_t token = site->macro_use != SIZE_MAX ? site->expanded[part] : SIZE_MAX;
    if (token != SIZE_MAX)
        cdpl_edits_replace_owned(&rw->token_edits[site->macro_use], token, insert ? token : token + 1, text);
    else
        cdpl_edits_replace_owned(rw->edits, range.begin, insert ? range.begin : range.end, text);
}

static char *copy(const char *text)
{
    cdpl_text owned = {0};
    cdpl_text_puts(&owned, text);
    return cdpl_text_take(&owned);
}

/* k<<<g, b, s, st>>>(a, b)  ->  cdpl_launch_k(cdpl_config(g, b, s, st), a, b) */
static void lower_launch(rewrite *rw, const cdpl_launch_site *site)
{
    const cdpl_kernel_plan *plan = &rw->plans[site->kernel];
    if (plan->kernel == NULL) return; /* a host launch of a kernel outside the runtime */
    change_launch_part(rw, site, CDPL_LAUNCH_NAME, site->callee_name, false, cdpl_codegen_launcher_name(plan->kernel));
    change_launch_part(rw, site, CDPL_LAUNCH_OPEN_CHEVRONS, site->open_chevrons, false, copy("(cdpl_config("));
    change_launch_part(rw, site, CDPL_LAUNCH_CLOSE_CHEVRONS, site->close_chevrons, false, copy(")"));
    change_launch_part(rw, site, CDPL_LAUNCH_OPEN_PAREN, site->open_paren, false, copy(site->nargs ? ", " : ""));
}

/* A kernel outside the runtime that reaches device queries may run before
 * any runtime kernel has started the runtime: its host launches start it. */
static void start_runtime_before(rewrite *rw, const cdpl_launch_site *site)
{
    const cdpl_function *kernel = &rw->model->functions[site->kernel];
    if (site->device_side || rw->plans[site->kernel].kernel != NULL || !kernel->needs_native_prologue) return;
    change_launch_part(rw, site, CDPL_LAUNCH_NAME, site->whole, true, copy("(void)cdpl_start_runtime(), "));
}

/* blockIdx/gridDim read the virtual block wherever runtime kernels can
 * reach. A runtime kernel's body takes a copy of it when it starts, which
 * its own uses read where they can (analysis/body_block_copies.c): a local
 * stays in a register, where the block's context in shared memory is loaded
 * again after every generic store. */
static void virtualize_builtins(rewrite *rw, const cdpl_function *function, bool runtime_body)
{
    bool block_copied = false, grid_copied = false;
    for (size_t r = 0; r < function->nbuiltin_refs; ++r) {
        cdpl_range ref = function->builtin_refs[r];
        bool is_block = strncmp(rw->model->source + ref.begin, "blockIdx", ref.end - ref.begin) == 0;
        bool reads_copy = runtime_body && function->builtin_ref_reads_copy != NULL &&
                          function->builtin_ref_reads_copy[r];
        if (reads_copy && is_block) block_copied = true;
        if (reads_copy && !is_block) grid_copied = true;
        const char *reads = reads_copy ? (is_block ? "cdpl_block_idx" : "cdpl_grid_dim")
                                       : (is_block ? "cdpl_blockIdx()" : "cdpl_gridDim()");
        cdpl_edits_replace(rw->edits, ref.begin, ref.end, reads);
    }
    size_t start = function->body.begin + 1;
    if (block_copied) cdpl_edits_insert(rw->edits, start, " const uint3 cdpl_block_idx = cdpl_blockIdx();");
    if (grid_copied) cdpl_edits_insert(rw->edits, start, " const dim3 cdpl_grid_dim = cdpl_gridDim();");
}

/* A thread that leaves through `asm("exit;")` in code a runtime kernel
 * reaches counts out of its block first, as if it had returned
 * (cdpl_exit_thread); otherwise its grid would never complete. */
static void count_out_before_thread_exits(rewrite *rw, const cdpl_function *function)
{
    for (size_t e = 0; e < function->nthread_exits; ++e)
        cdpl_edits_replace(rw->edits, function->thread_exits[e].begin, function->thread_exits[e].end,
                           "cdpl_exit_thread()");
}

/* Whether the function's body runs as a runtime kernel's: the kernel's own,
 * or an explicit specialization's of a runtime kernel template. */
static bool is_runtime_body(const rewrite *rw, size_t index)
{
    size_t primary = rw->model->functions[index].specializes;
    return rw->plans[index].kernel != NULL ||
           (primary < rw->model->nfunctions && rw->plans[primary].kernel != NULL &&
            rw->model->functions[index].runs_in_runtime);
}

static bool spelled_alone(const cdpl_model *model, cdpl_range name)
{
    size_t before = name.begin, after = name.end;
    while (before > 0 && strchr(" \t\r\n", model->source[before - 1]) != NULL) --before;
    while (after < model->source_size && strchr(" \t\r\n", model->source[after]) != NULL) ++after;
    return before > 0 && model->source[before - 1] == ',' && after < model->source_size &&
           strchr(",)", model->source[after]) != NULL;
}

/* A kernel named in a device-side attribute or occupancy query is passed as
 * its id, and a kernel outside the runtime is registered so that the
 * runtime can answer about it. */
static void lower_device_query(rewrite *rw, const cdpl_api_call *call)
{
    cdpl_model *model = rw->model;
    for (size_t f = 0; f < model->nfunctions; ++f) {
        const cdpl_function *kernel = &model->functions[f];
        for (size_t r = 0; r < kernel->nquery_refs; ++r) {
            cdpl_range use = kernel->query_refs[r];
            if (use.begin < call->whole.begin || use.end > call->whole.end) continue;
            if (kernel->side != CDPL_SIDE_KERNEL || kernel->is_template || !spelled_alone(model, use)) {
                cdpl_model_diagnose(model, CDPL_ERROR, cdpl_loc_at(model, use.begin),
                                    "device-side %s: pass a non-template __global__ function by its plain "
                                    "name (no cast, `&` or template arguments) so cdp-lower can tell the "
                                    "runtime which kernel it is",
                                    cdpl_api_name(call->api));
                return;
            }
            unsigned int id = rw->plans[f].kernel != NULL ? rw->plans[f].id
                                                          : cdpl_kernel_id(kernel, rw->options->line_file);
            cdpl_text ref = {0};
            cdpl_text_printf(&ref, "cdpl_kernel_ref{0x%08xu}", id);
            cdpl_edits_replace_owned(rw->edits, use.begin, use.end, cdpl_text_take(&ref));
            if (rw->plans[f].kernel == NULL && !rw->queried[f]) {
                rw->queried[f] = true;
                size_t after = kernel->has_body ? kernel->body.end : kernel->decls[kernel->ndecls - 1].end;
                cdpl_edits_replace_owned(rw->edits, after, after, cdpl_codegen_queried_kernel(kernel, f, id, line_at(model, after), line_file_at(rw, after)));
            }
            return;
        }
    }
    cdpl_model_diagnose(model, CDPL_ERROR, call->loc,
                        "device-side %s: its kernel argument must name a __global__ function declared in "
                        "this file, so cdp-lower can tell the runtime which kernel it is",
                        cdpl_api_name(call->api));
}

/* `using ns::k;` brings the kernel's name into scope, and only that name:
 * the same using-declaration of its launcher follows it, so that the
 * rewritten launches find the launcher where they found the kernel. */
static void declare_launcher_used(rewrite *rw, const cdpl_using_decl *used)
{
    if (rw->plans[used->function].kernel == NULL) return;
    char *qualifier = source_text(rw->model, used->qualifier);
    char *launcher = cdpl_codegen_launcher_name(&rw->model->functions[used->function]);
    cdpl_text text = {0};
    if (qualifier != NULL && launcher != NULL) cdpl_text_printf(&text, " %s%s;", qualifier, launcher);
    free(qualifier);
    free(launcher);
    char *inserted = cdpl_text_take(&text);
    if (inserted == NULL) {
        rw->edits->failed = true;
        return;
    }
    cdpl_edits_replace_owned(rw->edits, used->end, used->end, inserted);
}

static void lower_api_call(rewrite *rw, const cdpl_api_call *call)
{
    if (!call->device_side) return;
    const char *replacement = cdpl_runtime_api_name(call->api);
    if (replacement != NULL) {
        cdpl_edits_replace(rw->edits, call->callee_name.begin, call->callee_name.end, replacement);
        if (is_kernel_query(call->api)) lower_device_query(rw, call);
        return;
    }
    /* The rest cannot be lowered faithfully; the analysis has reported them. */
}

/* Whether the file's device code calls an API that `is_one` picks. */
static bool device_code_calls(const cdpl_model *model, bool (*is_one)(cdpl_api))
{
    for (size_t c = 0; c < model->napi_calls; ++c)
        if (model->api_calls[c].device_side && is_one(model->api_calls[c].api)) return true;
    return false;
}

void cdpl_rewrite(cdpl_model *model, const cdpl_rewrite_options *options, cdpl_edits *edits)
{
    rewrite rw = {model, options, edits, calloc(model->nfunctions + 1, sizeof *rw.plans),
                  calloc(model->nfunctions + 1, sizeof *rw.stems), calloc(model->nfunctions + 1, sizeof *rw.queried),
                  calloc(3 * model->nfunctions + 1, sizeof *rw.template_texts),
                  calloc(model->nmacro_uses + 1, sizeof *rw.token_edits)};
    if (rw.plans == NULL || rw.stems == NULL || rw.queried == NULL || rw.template_texts == NULL ||
        rw.token_edits == NULL) {
        edits->failed = true;
        free(rw.plans);
        free(rw.stems);
        free(rw.queried);
        free(rw.template_texts);
        free(rw.token_edits);
        return;
    }
    size_t first_edit = edits->count;
    for (size_t f = 0; f < model->nfunctions; ++f) {
        const cdpl_function *function = &model->functions[f];
        if (!function->runs_in_runtime || function->specializes != SIZE_MAX || !kernel_can_be_lowered(&rw, function))
            continue;
        rw.stems[f] = make_stem(&rw, f);
        rw.plans[f] = (cdpl_kernel_plan){.kernel = function,
                                         .stem = rw.stems[f],
                                         .id = cdpl_kernel_id(function, options->line_file),
                                         .waits_at_barrier = function->waits_at_barrier,
                                         .launches_itself = function->launches_itself,
                                         .launches_itself_in_one_block = function->launches_itself_in_one_block,
                                         .threads_may_leave_alone = function->threads_may_leave_alone,
                                         .launches_nothing = function->launches_nothing,
                                         .completion_unobserved = function->completion_unobserved,
                                         .foreign = !function->has_body,
                                         .renamed = function->has_body && can_rename(&rw, function)};
        if (function->is_template) plan_template(&rw, f);
    }
    for (size_t f = 0; f < model->nfunctions; ++f) {
        size_t primary = model->functions[f].specializes;
        if (primary < model->nfunctions && rw.plans[primary].kernel != NULL && model->functions[f].runs_in_runtime)
            lower_specialization(&rw, f);
    }
    for (size_t f = 0; f < model->nfunctions; ++f) {
        if (rw.plans[f].kernel != NULL) {
            lower_kernel(&rw, f);
            redirect_name_uses(&rw, f);
        }
        redirect_declared_kernel_uses(&rw, f);
    }

    for (size_t u = 0; u < model->nusing_decls; ++u) declare_launcher_used(&rw, &model->using_decls[u]);
    for (size_t l = 0; l < model->nlaunches; ++l) {
        lower_launch(&rw, &model->launches[l]);
        start_runtime_before(&rw, &model->launches[l]);
    }
    for (size_t f = 0; f < model->nfunctions; ++f) {
        const cdpl_function *function = &model->functions[f];
        if (function->virtualized) {
            virtualize_builtins(&rw, function, is_runtime_body(&rw, f));
            count_out_before_thread_exits(&rw, function);
        }
        if (function->needs_native_prologue && function->has_body)
            cdpl_edits_insert(edits, function->body.begin + 1, " CDPL_NATIVE_BLOCK();");
    }
    for (size_t c = 0; c < model->napi_calls; ++c) lower_api_call(&rw, &model->api_calls[c]);
    for (size_t u = 0; u < model->nmacro_uses; ++u) edits->failed = edits->failed || rw.token_edits[u].failed;
    cdpl_write_macro_uses(model, rw.token_edits, edits);
    for (size_t u = 0; u < model->nmacro_uses; ++u) cdpl_edits_free(&rw.token_edits[u]);
    lower_kernel_launch_calls(&rw, first_edit);

    /* Only in a file lowered anyway: elsewhere no name gave a pointer an entry. */
    if (edits->count > first_edit && options->target != CDPL_TARGET_HIP)
        for (size_t l = 0; l < model->nhost_pointer_launches; ++l)
            launch_through_pointer_asks_runtime(&rw, model->host_pointer_launches[l]);

    /* hipcc knows no CUDA names: even a file with nothing to lower needs the mapping. */
    bool lowered = edits->count > first_edit;
    if (lowered || options->target == CDPL_TARGET_HIP) {
        cdpl_text header = {0};
        cdpl_text_puts(&header, lowered ? "#include \"cdpl.cuh\"\n" : "#include \"cdpl_gpu.h\"\n");
        if (device_code_calls(model, cdpl_runtime_api_reads_device_settings))
            cdpl_text_puts(&header,
                           "/* cdp-lower: device code here asks the host's limits or cache preference, which the "
                           "runtime\n * then reads before each launch */\n"
                           "static const int cdpl_reads_device_settings = cdpl_register_settings_reader();\n");
        if (device_code_calls(model, cdpl_runtime_api_makes_pitched_copies))
            cdpl_text_puts(&header,
                           "/* cdp-lower: device code here makes 2-D or 3-D copies, whose records need more room "
                           "*/\n"
                           "static const int cdpl_makes_pitched_copies = cdpl_register_pitched_copies();\n");
        char *line = cdpl_codegen_line_directive(1, options->line_file);
        if (line != NULL) cdpl_text_puts(&header, line);
        free(line);
        /* A UTF-8 byte order mark must stay the file's first bytes. */
        bool mark = model->source_size >= 3 && memcmp(model->source, "\xEF\xBB\xBF", 3) == 0;
        cdpl_edits_insert_first_owned(edits, mark ? 3 : 0, cdpl_text_take(&header));
    }
    cdpl_restore_headers(model, options->line_file, edits);
    for (size_t f = 0; f < model->nfunctions; ++f) {
        free(rw.stems[f]);
        free((char *)rw.plans[f].launch_bounds);
    }
    for (size_t t = 0; t < 3 * model->nfunctions; ++t) free(rw.template_texts[t]);
    free(rw.plans);
    free(rw.stems);
    free(rw.queried);
    free(rw.template_texts);
    free(rw.token_edits);
}
