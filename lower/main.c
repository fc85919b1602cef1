/* cdp-lower: the command line. Parses options, runs analysis -> rewrite ->
 * emit for the input, prints diagnostics as `file:line:col: error: ...`. */
#define _XOPEN_SOURCE 700
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyse.h"
#include "cdpl_abi.h"
#include "edits.h"
#include "emit.h"
#include "rewrite.h"

#ifndef CDPL_VERSION
#define CDPL_VERSION "unknown"
#endif

static const char usage[] =
    "usage: cdp-lower [options] INPUT.cu [-- CLANG_ARGS...]\n"
    "\n"
    "Lowers CUDA Dynamic Parallelism: every device-side kernel launch in INPUT.cu\n"
    "becomes a record in the cdpl runtime's work queue, so the output builds with\n"
    "nvcc without -rdc (link it with the cdpl_rt library; include rt/include).\n"
    "\n"
    "options:\n"
    "  -o FILE               write the lowered file to FILE (default: standard output)\n"
    "  --check               analyse only: report what cannot be lowered, write nothing\n"
    "  --cuda-path=DIR       the CUDA toolkit to parse with (default /usr/local/cuda)\n"
    "  --offload-arch=ARCH   the GPU architecture to parse for (default sm_90)\n"
    "  -I DIR, -D NAME[=VAL], -U NAME, -include FILE, -std=STD\n"
    "                        passed to the parser, like everything after `--`\n"
    "  --help                show this help\n"
    "  --version             show the version\n"
    "\n"
    "Exit status: 0 when the file was lowered (or needed nothing), 1 when it\n"
    "cannot be lowered faithfully (see the diagnostics), 2 on a usage error.\n";

typedef struct cli {
    const char *input;
    const char *output;
    bool check_only;
    cdpl_parse_options parse;
    const char **clang_args;
    size_t nclang_args;
} cli;

static bool add_clang_arg(cli *options, const char *arg)
{
    const char **args = realloc(options->clang_args, (options->nclang_args + 1) * sizeof *args);
    if (args == NULL) return false;
    args[options->nclang_args++] = arg;
    options->clang_args = args;
    return true;
}

static bool has_prefix(const char *text, const char *prefix) { return strncmp(text, prefix, strlen(prefix)) == 0; }

/* Returns 0 to go on, or the exit status to stop with. */
static int parse_command_line(int argc, char **argv, cli *options)
{
    static const char *const with_value[] = {"-I", "-D", "-U", "-include", "-isystem"};
    if (!add_clang_arg(options, "-I" CDPL_RUNTIME_INCLUDE_DIR)) return 2;
    for (int i = 1; i < argc; ++i) {
        const char *arg = argv[i];
        if (strcmp(arg, "--") == 0) {
            for (++i; i < argc; ++i)
                if (!add_clang_arg(options, argv[i])) return 2;
            break;
        }
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            fputs(usage, stdout);
            return -1;
        }
        if (strcmp(arg, "--version") == 0) {
            printf("cdp-lower %s (runtime ABI %u)\n", CDPL_VERSION, CDPL_ABI_VERSION);
            return -1;
        }
        if (strcmp(arg, "--check") == 0) {
            options->check_only = true;
        } else if (strcmp(arg, "-o") == 0) {
            if (++i == argc) {
                fprintf(stderr, "cdp-lower: error: -o needs a file name\n");
                return 2;
            }
            options->output = argv[i];
        } else if (has_prefix(arg, "--cuda-path=")) {
            options->parse.cuda_path = arg + strlen("--cuda-path=");
        } else if (has_prefix(arg, "--offload-arch=") || has_prefix(arg, "--cuda-gpu-arch=")) {
            options->parse.offload_arch = strchr(arg, '=') + 1;
        } else if (has_prefix(arg, "-std=") || has_prefix(arg, "-I") || has_prefix(arg, "-D") ||
                   has_prefix(arg, "-U") || strcmp(arg, "-include") == 0 || strcmp(arg, "-isystem") == 0) {
            if (!add_clang_arg(options, arg)) return 2;
            for (size_t v = 0; v < sizeof with_value / sizeof *with_value; ++v)
                if (strcmp(arg, with_value[v]) == 0) {
                    if (++i == argc) {
                        fprintf(stderr, "cdp-lower: error: %s needs a value\n", arg);
                        return 2;
                    }
                    if (!add_clang_arg(options, argv[i])) return 2;
                }
        } else if (arg[0] == '-' && arg[1] != '\0') {
            fprintf(stderr, "cdp-lower: error: unknown option '%s' (see --help; clang options go after --)\n", arg);
            return 2;
        } else if (options->input != NULL) {
            fprintf(stderr, "cdp-lower: error: one input file at a time for now (got '%s' and '%s')\n",
                    options->input, arg);
            return 2;
        } else {
            options->input = arg;
        }
    }
    if (options->input == NULL) {
        fprintf(stderr, "cdp-lower: error: no input file (see --help)\n");
        return 2;
    }
    options->parse.extra_args = options->clang_args;
    options->parse.nextra_args = options->nclang_args;
    return 0;
}

static void print_diagnostics(const cdpl_model *model)
{
    static const char *const names[] = {"note", "warning", "error"};
    for (size_t i = 0; i < model->ndiagnostics; ++i) {
        const cdpl_diagnostic *d = &model->diagnostics[i];
        fprintf(stderr, "%s:%u:%u: %s: %s\n", d->file ? d->file : model->main_file, d->loc.line, d->loc.column,
                names[d->severity], d->message);
    }
}

static int lower_file(const cli *options)
{
    if (options->output != NULL && cdpl_same_file(options->input, options->output)) {
        fprintf(stderr, "cdp-lower: error: the output %s is the input; refusing to overwrite it\n",
                options->output);
        return 2;
    }
    cdpl_model model = {0};
    bool analysed = cdpl_analyse_file(options->input, &options->parse, &model);
    char line_file[PATH_MAX];
    if (realpath(options->input, line_file) == NULL) snprintf(line_file, sizeof line_file, "%s", options->input);
    cdpl_edits edits = {0};
    if (analysed && !cdpl_model_has_errors(&model)) {
        cdpl_rewrite_options rewrite_options = {line_file};
        cdpl_rewrite(&model, &rewrite_options, &edits);
    }
    size_t conflict = 0;
    if (!edits.failed && !cdpl_edits_sort(&edits, &conflict))
        cdpl_model_diagnose(&model, CDPL_ERROR, (cdpl_loc){0, 0},
                            "internal error: two rewrites overlap at byte %zu", conflict);
    print_diagnostics(&model);
    int status = 0;
    if (!analysed || cdpl_model_has_errors(&model)) {
        status = 1;
    } else if (edits.failed) {
        fprintf(stderr, "cdp-lower: error: out of memory\n");
        status = 1;
    } else if (!options->check_only) {
        size_t size = 0;
        char *lowered = cdpl_edits_apply(&edits, model.source, model.source_size, &size);
        if (lowered == NULL) {
            fprintf(stderr, "cdp-lower: error: out of memory\n");
            status = 1;
        } else if (!cdpl_emit(options->output ? options->output : "-", lowered, size)) {
            status = 1;
        }
        free(lowered);
    }
    cdpl_edits_free(&edits);
    cdpl_model_free(&model);
    return status;
}

int main(int argc, char **argv)
{
    cli options = {0};
    int status = parse_command_line(argc, argv, &options);
    if (status == 0) status = lower_file(&options);
    free(options.clang_args);
    return status < 0 ? 0 : status;
}
