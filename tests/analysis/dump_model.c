/* cdpl-dump-model FILE [-- CLANG_ARGS...]: prints the analysis model of FILE
 * as stable, line-oriented text for the analysis tests. Exit status 1 when
 * the model has errors (or could not be built), else 0. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "analyse.h"

static const char *side_name(cdpl_function_side side)
{
    switch (side) {
    case CDPL_SIDE_HOST: return "host";
    case CDPL_SIDE_DEVICE: return "device";
    case CDPL_SIDE_HOST_DEVICE: return "host_device";
    case CDPL_SIDE_KERNEL: return "kernel";
    }
    return "unknown";
}

static const char *function_name(const cdpl_model *model, size_t index)
{
    return index < model->nfunctions ? model->functions[index].name : "-";
}

/* A location in the file the analysed source comes from: the main file or
 * an included user header, named before the line then. */
static cdpl_loc loc_at(const cdpl_model *model, size_t offset) { return cdpl_loc_at(model, offset); }

static void print_loc(cdpl_loc loc)
{
    if (loc.file != NULL) printf("%s:", loc.file);
    printf("%u:%u", loc.line, loc.column);
}

/* Prints a range as "L:C-L:C", or "none" when empty. */
static void print_range(const cdpl_model *model, cdpl_range range)
{
    if (range.end <= range.begin) {
        fputs("none", stdout);
        return;
    }
    cdpl_loc begin = loc_at(model, range.begin), end = loc_at(model, range.end);
    print_loc(begin);
    printf("-%u:%u", end.line, end.column);
}

/* Prints the source text of a range in double quotes, escaped to one line. */
static void print_text(const cdpl_model *model, cdpl_range range)
{
    putchar('"');
    for (size_t i = range.begin; i < range.end && i < model->source_size; ++i) {
        char c = model->source[i];
        if (c == '\n') fputs("\\n", stdout);
        else if (c == '\t') fputs("\\t", stdout);
        else if (c == '"' || c == '\\') printf("\\%c", c);
        else putchar(c);
    }
    putchar('"');
}

static void print_function(const cdpl_model *model, const cdpl_function *function)
{
    printf("function %s side=%s runs_in_runtime=%d virtualized=%d prologue=%d params=", function->name,
           side_name(function->side), function->runs_in_runtime, function->virtualized,
           function->needs_native_prologue);
    for (size_t p = 0; p < function->nparams; ++p)
        printf("%s%s", p ? "," : "", function->param_types[p]);
    fputs("\n  at ", stdout);
    print_loc(function->loc);
    printf(" template=%d member=%d variadic=%d launched_from_device=%d launches=%d "
           "waits_at_barrier=%d\n",
           function->is_template, function->is_member,
           function->is_variadic, function->launched_from_device, function->launches, function->waits_at_barrier);
    for (size_t p = 0; p < function->nparams; ++p)
        printf("  param %s %s\n", function->param_types[p],
               function->param_names[p] ? function->param_names[p] : "(unnamed)");
    for (size_t d = 0; d < function->ndecls; ++d) {
        fputs("  decl ", stdout);
        print_text(model, (cdpl_range){function->decls[d].begin,
                                       function->decls[d].begin + strcspn(model->source + function->decls[d].begin, "\n{")});
        fputs(" global=", stdout);
        print_range(model, function->global_attrs[d]);
        fputs(" launch_bounds=", stdout);
        if (function->launch_bounds[d].end > function->launch_bounds[d].begin)
            print_text(model, function->launch_bounds[d]);
        else
            fputs("none", stdout);
        putchar('\n');
    }
    for (size_t t = 0; t < function->ntemplate_params; ++t) {
        const cdpl_template_param *param = &function->template_params[t];
        printf("  template param %s%s ", param->name ? param->name : "(unnamed)", param->pack ? " pack" : "");
        print_text(model, param->text);
        putchar('\n');
    }
    if (function->template_params_text.end > function->template_params_text.begin) {
        fputs("  template params ", stdout);
        print_text(model, function->template_params_text);
        putchar('\n');
    }
    if (function->specializes < model->nfunctions) {
        fputs("  specializes ", stdout);
        print_loc(model->functions[function->specializes].loc);
        putchar('\n');
    }
    for (size_t a = 0; a < function->ndefault_args; ++a) {
        const cdpl_default_arg *given = &function->default_args[a];
        cdpl_loc decl = loc_at(model, given->decl_begin);
        printf("  default param %zu of the declaration at line %u = ", given->param, decl.line);
        print_text(model, given->value);
        putchar('\n');
    }
    if (function->has_body) {
        fputs("  body ", stdout);
        print_range(model, function->body);
        putchar('\n');
    }
    for (size_t r = 0; r < function->nname_refs; ++r) {
        fputs("  name_ref ", stdout);
        print_loc(loc_at(model, function->name_refs[r].begin));
        putchar('\n');
    }
    for (size_t r = 0; r < function->nquery_refs; ++r) {
        fputs("  query_ref ", stdout);
        print_loc(loc_at(model, function->query_refs[r].begin));
        putchar('\n');
    }
    for (size_t r = 0; r < function->nbuiltin_refs; ++r) {
        fputs("  builtin ", stdout);
        print_loc(loc_at(model, function->builtin_refs[r].begin));
        putchar(' ');
        print_text(model, function->builtin_refs[r]);
        putchar('\n');
    }
    for (size_t c = 0; c < function->ncallees; ++c) printf("  callee %s\n", function_name(model, function->callees[c]));
}

static void print_launch(const cdpl_model *model, const cdpl_launch_site *site)
{
    fputs("launch ", stdout);
    print_loc(site->loc);
    printf(" kernel=%s caller=%s side=%s stream=%s arch_guard=%d config=%zu args=%zu text=",
           function_name(model, site->kernel), function_name(model, site->caller),
           site->device_side ? "device" : "host", cdpl_stream_kind_name(site->stream_kind), site->in_arch_guard,
           site->nconfig, site->nargs);
    print_text(model, site->whole);
    fputs("\n  callee ", stdout);
    print_text(model, site->callee_name);
    fputs(" chevrons ", stdout);
    print_range(model, site->open_chevrons);
    putchar(' ');
    print_range(model, site->close_chevrons);
    fputs(" parens ", stdout);
    print_range(model, site->open_paren);
    putchar(' ');
    print_range(model, site->close_paren);
    putchar('\n');
    for (size_t c = 0; c < site->nconfig; ++c) {
        fputs("  config ", stdout);
        print_text(model, site->config[c]);
        putchar('\n');
    }
    for (size_t a = 0; a < site->nargs; ++a) {
        fputs("  arg ", stdout);
        print_text(model, site->args[a]);
        putchar('\n');
    }
    if (site->macro_use < model->nmacro_uses) {
        printf("  in expansion of %s at ", model->macro_uses[site->macro_use].macro);
        print_loc(loc_at(model, model->macro_uses[site->macro_use].whole.begin));
        fputs(" tokens", stdout);
        for (int p = 0; p < CDPL_LAUNCH_PARTS; ++p) {
            if (site->expanded[p] == SIZE_MAX) fputs(" after", stdout);
            else printf(" %zu", site->expanded[p]);
        }
        putchar('\n');
    }
    for (size_t c = 0; c < site->ncandidates; ++c) {
        const cdpl_function *candidate = &model->functions[site->candidates[c]];
        printf("  candidate %s at ", candidate->name);
        print_loc(candidate->loc);
        putchar('\n');
    }
}

/* A macro use the lowering writes out: its expansion as written, before
 * the rewrite. */
static void print_macro_use(const cdpl_model *model, const cdpl_macro_use *use)
{
    printf("macro_use %s ", use->macro);
    print_range(model, use->whole);
    fputs(" \"", stdout);
    char previous = '\0';
    for (size_t t = 0; t < use->ntokens; ++t) {
        const cdpl_expansion_token *token = &use->tokens[t];
        const char *text = token->made != NULL ? token->made : model->source + token->written.begin;
        size_t length = token->made != NULL ? strlen(token->made) : token->written.end - token->written.begin;
        if (cdpl_expansion_space_before(use, t, previous, text[0])) putchar(' ');
        for (size_t c = 0; c < length; ++c) {
            if (text[c] == '"' || text[c] == '\\') putchar('\\');
            putchar(text[c]);
        }
        previous = length > 0 ? text[length - 1] : previous;
    }
    puts("\"");
}

static void print_api_call(const cdpl_model *model, const cdpl_api_call *call)
{
    fputs("api ", stdout);
    print_loc(call->loc);
    printf(" %s caller=%s side=%s text=", cdpl_api_name(call->api),
           function_name(model, call->caller), call->device_side ? "device" : "host");
    print_text(model, call->whole);
    putchar('\n');
}

static void print_diagnostic(const cdpl_model *model, const cdpl_diagnostic *diagnostic)
{
    static const char *const severities[] = {"note", "warning", "error"};
    printf("%s ", severities[diagnostic->severity]);
    if (diagnostic->file != NULL && model->main_file != NULL && strcmp(diagnostic->file, model->main_file) != 0)
        printf("%s:", diagnostic->file);
    printf("%u:%u %s\n", diagnostic->loc.line, diagnostic->loc.column, diagnostic->message);
}

int main(int argc, char **argv)
{
    if (argc < 2 || (argc > 2 && strcmp(argv[2], "--") != 0)) {
        fprintf(stderr, "usage: cdpl-dump-model FILE [-- CLANG_ARGS...]\n");
        return 2;
    }
    cdpl_parse_options options = {0};
    if (argc > 3) {
        options.extra_args = (const char *const *)(argv + 3);
        options.nextra_args = (size_t)(argc - 3);
    }
    cdpl_model model = {0};
    bool built = cdpl_analyse_file(argv[1], &options, &model);
    for (size_t f = 0; f < model.nfunctions; ++f) print_function(&model, &model.functions[f]);
    for (size_t l = 0; l < model.nlaunches; ++l) print_launch(&model, &model.launches[l]);
    for (size_t u = 0; u < model.nmacro_uses; ++u) print_macro_use(&model, &model.macro_uses[u]);
    for (size_t c = 0; c < model.napi_calls; ++c) print_api_call(&model, &model.api_calls[c]);
    for (size_t d = 0; d < model.ndiagnostics; ++d) print_diagnostic(&model, &model.diagnostics[d]);
    int status = !built || cdpl_model_has_errors(&model) ? 1 : 0;
    cdpl_model_free(&model);
    return status;
}
