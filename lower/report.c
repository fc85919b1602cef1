/* JSON and Graphviz reports of the analysis's model (report.h). */
#include "report.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "codegen.h"
#include "runtime_api.h"

/* A JSON string literal: quotes, backslashes and control characters escaped;
 * other bytes (UTF-8 included) as they are. NULL becomes null. */
static void json_string(FILE *out, const char *text)
{
    if (text == NULL) {
        fputs("null", out);
        return;
    }
    fputc('"', out);
    for (const unsigned char *c = (const unsigned char *)text; *c != '\0'; ++c) {
        switch (*c) {
        case '"': fputs("\\\"", out); break;
        case '\\': fputs("\\\\", out); break;
        case '\b': fputs("\\b", out); break;
        case '\f': fputs("\\f", out); break;
        case '\n': fputs("\\n", out); break;
        case '\r': fputs("\\r", out); break;
        case '\t': fputs("\\t", out); break;
        default:
            if (*c < 0x20 || *c == 0x7f) fprintf(out, "\\u%04x", *c);
            else fputc(*c, out);
        }
    }
    fputc('"', out);
}

static const char *json_bool(bool value) { return value ? "true" : "false"; }

static const char *side_name(bool device_side) { return device_side ? "device" : "host"; }

static const char *function_name(const cdpl_model *model, size_t index)
{
    return index < model->nfunctions ? model->functions[index].name : NULL;
}

/* A location in an included user header names the header. */
static void json_header_file(FILE *out, cdpl_loc loc)
{
    if (loc.file == NULL) return;
    fputs(",\"file\":", out);
    json_string(out, loc.file);
}

static void json_kernels(const cdpl_model *model, FILE *out)
{
    fputs("\"kernels\":[", out);
    bool first = true;
    for (size_t f = 0; f < model->nfunctions; ++f) {
        const cdpl_function *k = &model->functions[f];
        if (k->side != CDPL_SIDE_KERNEL) continue;
        fputs(first ? "\n    {" : ",\n    {", out);
        first = false;
        fputs("\"name\":", out);
        json_string(out, k->name);
        json_header_file(out, k->loc);
        fprintf(out, ",\"line\":%u,\"column\":%u,\"runs_in_runtime\":%s,\"launched_from_device\":%s,"
                     "\"launches\":%s,\"params\":[",
                k->loc.line, k->loc.column, json_bool(k->runs_in_runtime), json_bool(k->launched_from_device),
                json_bool(k->launches));
        for (size_t p = 0; p < k->nparams; ++p) {
            if (p > 0) fputc(',', out);
            char *type = cdpl_codegen_parameter_type(k, p);
            json_string(out, type);
            free(type);
        }
        fputs("]}", out);
    }
    fputs("]", out);
}

/* A launch of a kernel that runs through the runtime becomes a call of its
 * launcher; any other launch is left as it is written (null). */
static void json_launcher(const cdpl_model *model, size_t kernel, FILE *out)
{
    if (kernel >= model->nfunctions || !model->functions[kernel].runs_in_runtime) {
        fputs("null", out);
        return;
    }
    char *name = cdpl_codegen_launcher_name(&model->functions[kernel]);
    json_string(out, name);
    free(name);
}

static void json_launch_sites(const cdpl_model *model, FILE *out)
{
    fputs("\"launch_sites\":[", out);
    for (size_t l = 0; l < model->nlaunches; ++l) {
        const cdpl_launch_site *site = &model->launches[l];
        fprintf(out, "%s{\"line\":%u,\"column\":%u,\"kernel\":", l > 0 ? ",\n    " : "\n    ", site->loc.line,
                site->loc.column);
        json_string(out, function_name(model, site->kernel));
        json_header_file(out, site->loc);
        fputs(",\"caller\":", out);
        json_string(out, function_name(model, site->caller));
        fprintf(out, ",\"side\":\"%s\",\"stream\":", side_name(site->device_side));
        json_string(out, cdpl_stream_kind_name(site->stream_kind));
        fprintf(out, ",\"arch_guard\":%s,\"recursive\":%s,\"rewritten_to\":", json_bool(site->in_arch_guard),
                json_bool(site->caller != SIZE_MAX && site->kernel == site->caller));
        json_launcher(model, site->kernel, out);
        fputs("}", out);
    }
    fputs("]", out);
}

static void json_api_calls(const cdpl_model *model, FILE *out)
{
    fputs("\"api_calls\":[", out);
    for (size_t a = 0; a < model->napi_calls; ++a) {
        const cdpl_api_call *call = &model->api_calls[a];
        fprintf(out, "%s{\"line\":%u,\"column\":%u,\"api\":", a > 0 ? ",\n    " : "\n    ", call->loc.line,
                call->loc.column);
        json_string(out, cdpl_api_name(call->api));
        json_header_file(out, call->loc);
        fprintf(out, ",\"side\":\"%s\",\"rewritten_to\":", side_name(call->device_side));
        json_string(out, call->device_side ? cdpl_runtime_api_name(call->api) : NULL);
        fputs("}", out);
    }
    fputs("]", out);
}

static void json_diagnostics(const cdpl_model *model, FILE *out)
{
    static const char *const severities[] = {"note", "warning", "error"};
    fputs("\"diagnostics\":[", out);
    for (size_t i = 0; i < model->ndiagnostics; ++i) {
        const cdpl_diagnostic *d = &model->diagnostics[i];
        fprintf(out, "%s{\"severity\":\"%s\",\"file\":", i > 0 ? ",\n    " : "\n    ",
                (unsigned)d->severity < 3 ? severities[d->severity] : "error");
        json_string(out, d->file ? d->file : model->main_file);
        fprintf(out, ",\"line\":%u,\"column\":%u,\"message\":", d->loc.line, d->loc.column);
        json_string(out, d->message);
        fputs("}", out);
    }
    fputs("]", out);
}

void cdpl_report_json(const cdpl_model *models, size_t nmodels, FILE *out)
{
    fputs("{\"files\":[", out);
    for (size_t m = 0; m < nmodels; ++m) {
        const cdpl_model *model = &models[m];
        fputs(m > 0 ? ",\n  {\"file\":" : "\n  {\"file\":", out);
        json_string(out, model->main_file);
        fputs(",\n   ", out);
        json_kernels(model, out);
        fputs(",\n   ", out);
        json_launch_sites(model, out);
        fputs(",\n   ", out);
        json_api_calls(model, out);
        fputs(",\n   ", out);
        json_diagnostics(model, out);
        fputs("}", out);
    }
    fputs("]}\n", out);
}

/* A Graphviz ID: a double-quoted string, `prefix:name` when `prefix` is not
 * NULL (several inputs: the same name in two files is two nodes). */
static void dot_id(FILE *out, const char *prefix, const char *name)
{
    fputc('"', out);
    for (int part = prefix != NULL ? 0 : 1; part < 2; ++part) {
        for (const char *c = part == 0 ? prefix : name ? name : ""; *c != '\0'; ++c) {
            if (*c == '"' || *c == '\\') fputc('\\', out);
            fputc(*c == '\n' ? ' ' : *c, out);
        }
        if (part == 0) fputc(':', out);
    }
    fputc('"', out);
}

static bool launched_from_host(const cdpl_model *model, size_t kernel)
{
    for (size_t l = 0; l < model->nlaunches; ++l)
        if (!model->launches[l].device_side && model->launches[l].kernel == kernel) return true;
    return false;
}

/* True when an earlier device-side site of the same model already drew this edge. */
static bool edge_seen(const cdpl_model *model, size_t upto, const cdpl_launch_site *site)
{
    for (size_t l = 0; l < upto; ++l) {
        const cdpl_launch_site *other = &model->launches[l];
        if (other->device_side && other->caller == site->caller && other->kernel == site->kernel &&
            other->stream_kind == site->stream_kind)
            return true;
    }
    return false;
}

void cdpl_report_dot(const cdpl_model *models, size_t nmodels, FILE *out)
{
    fputs("digraph cdp {\n", out);
    for (size_t m = 0; m < nmodels; ++m) {
        const cdpl_model *model = &models[m];
        /* One input: plain names. Several: a cluster per file, nodes named file:kernel. */
        const char *prefix = nmodels > 1 ? (model->main_file ? model->main_file : "") : NULL;
        const char *indent = prefix != NULL ? "    " : "  ";
        if (prefix != NULL) {
            fprintf(out, "  subgraph \"cluster_%zu\" {\n    label=", m);
            dot_id(out, NULL, prefix);
            fputs(";\n", out);
        }
        for (size_t f = 0; f < model->nfunctions; ++f) {
            const cdpl_function *k = &model->functions[f];
            if (k->side != CDPL_SIDE_KERNEL || !k->runs_in_runtime) continue;
            fputs(indent, out);
            dot_id(out, prefix, k->name);
            bool box = launched_from_host(model, f);
            if (prefix != NULL) {
                fputs(" [label=", out);
                dot_id(out, NULL, k->name);
                fputs(box ? ", shape=box]" : "]", out);
            } else if (box) {
                fputs(" [shape=box]", out);
            }
            fputs(";\n", out);
        }
        for (size_t l = 0; l < model->nlaunches; ++l) {
            const cdpl_launch_site *site = &model->launches[l];
            if (!site->device_side || edge_seen(model, l, site)) continue;
            const char *caller = function_name(model, site->caller);
            fputs(indent, out);
            dot_id(out, prefix, caller ? caller : "(file scope)");
            fputs(" -> ", out);
            dot_id(out, prefix, function_name(model, site->kernel));
            fprintf(out, " [label=\"%s\"];\n", cdpl_stream_kind_name(site->stream_kind));
        }
        if (prefix != NULL) fputs("  }\n", out);
    }
    fputs("}\n", out);
}
