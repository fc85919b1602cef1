/* cdp-lower: the command line. Parses options, runs analysis -> rewrite ->
 * emit for each input, prints diagnostics as `file:line:col: error: ...`,
 * and the optional JSON or Graphviz report (report.h). */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analyse.h"
#include "cdpl_abi.h"
#include "edits.h"
#include "emit.h"
#include "report.h"
#include "rewrite.h"

#ifndef CDPL_VERSION
#define CDPL_VERSION "unknown"
#endif

static const char usage[] =
    "usage: cdp-lower [options] INPUT.cu [-- CLANG_ARGS...]\n"
    "       cdp-lower [options] INPUT.cu... --out-dir DIR [-- CLANG_ARGS...]\n"
    "\n"
    "Lowers CUDA Dynamic Parallelism: every device-side kernel launch in INPUT.cu\n"
    "becomes a record in the cdpl runtime's work queue, so the output builds with\n"
    "nvcc without -rdc (link it with the cdpl_rt library; include rt/include).\n"
    "Each input is analysed and written on its own, all or nothing.\n"
    "\n"
    "options:\n"
    "  -o FILE               write the lowered file to FILE (default: standard output);\n"
    "                        one input only\n"
    "  --out-dir DIR         write each lowered input to DIR/<its file name>\n"
    "  --check               analyse only: report what cannot be lowered, write nothing\n"
    "  --report=json         print what the analysis found (kernels, launch sites,\n"
    "                        API calls, diagnostics) as one JSON object on standard\n"
    "                        output; lowered code is written only with -o or --out-dir\n"
    "  --dot                 print the device launch graph (Graphviz) on standard\n"
    "                        output; lowered code is written only with -o or --out-dir\n"
    "  --cuda-path=DIR       the CUDA toolkit to parse with (default /usr/local/cuda)\n"
    "  --offload-arch=ARCH   the GPU architecture to parse for (default sm_90)\n"
    "  --target=cuda|hip     what compiles the output: nvcc or clang (cuda, the\n"
    "                        default) or hipcc (hip: every output includes\n"
    "                        cdpl_gpu.h, which maps the CUDA names onto HIP; build\n"
    "                        with -I rt/include/cuda_on_hip too)\n"
    "  -I DIR, -D NAME[=VAL], -U NAME, -include FILE, -std=STD\n"
    "                        passed to the parser, like everything after `--`\n"
    "  --help                show this help\n"
    "  --version             show the version\n"
    "\n"
    "Exit status: 0 when every input was lowered (or needed nothing), 1 when some\n"
    "input cannot be lowered faithfully (see the diagnostics; nothing is written\n"
    "for it), 2 on a usage error.\n";

typedef enum report_kind { REPORT_NONE, REPORT_JSON, REPORT_DOT } report_kind;

typedef struct cli {
    const char **inputs;
    size_t ninputs;
    const char *output;
    const char *out_dir;
    bool check_only;
    cdpl_target target;
    report_kind report;
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

static bool add_input(cli *options, const char *path)
{
    const char **inputs = realloc(options->inputs, (options->ninputs + 1) * sizeof *inputs);
    if (inputs == NULL) return false;
    inputs[options->ninputs++] = path;
    options->inputs = inputs;
    return true;
}

static bool has_prefix(const char *text, const char *prefix) { return strncmp(text, prefix, strlen(prefix)) == 0; }

/* The file name of `path`, without its directories. */
static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash != NULL ? slash + 1 : path;
}

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
        } else if (strcmp(arg, "--report=json") == 0 || strcmp(arg, "--dot") == 0) {
            report_kind kind = arg[2] == 'd' ? REPORT_DOT : REPORT_JSON;
            if (options->report != REPORT_NONE && options->report != kind) {
                fprintf(stderr, "cdp-lower: error: --report=json and --dot both print on standard output; "
                                "choose one\n");
                return 2;
            }
            options->report = kind;
        } else if (has_prefix(arg, "--report")) {
            fprintf(stderr, "cdp-lower: error: unknown report format in '%s' (--report=json)\n", arg);
            return 2;
        } else if (strcmp(arg, "--out-dir") == 0 || has_prefix(arg, "--out-dir=")) {
            if (arg[9] == '=') {
                options->out_dir = arg + 10;
            } else if (++i == argc) {
                fprintf(stderr, "cdp-lower: error: --out-dir needs a directory\n");
                return 2;
            } else {
                options->out_dir = argv[i];
            }
            if (*options->out_dir == '\0') {
                fprintf(stderr, "cdp-lower: error: --out-dir needs a directory\n");
                return 2;
            }
        } else if (strcmp(arg, "-o") == 0) {
            if (++i == argc) {
                fprintf(stderr, "cdp-lower: error: -o needs a file name\n");
                return 2;
            }
            options->output = argv[i];
        } else if (has_prefix(arg, "--target=")) {
            const char *target = arg + strlen("--target=");
            if (strcmp(target, "cuda") == 0) {
                options->target = CDPL_TARGET_CUDA;
            } else if (strcmp(target, "hip") == 0) {
                options->target = CDPL_TARGET_HIP;
            } else {
                fprintf(stderr, "cdp-lower: error: unknown target '%s' (--target=cuda or --target=hip)\n", target);
                return 2;
            }
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
        } else if (!add_input(options, arg)) {
            fprintf(stderr, "cdp-lower: error: out of memory\n");
            return 2;
        }
    }
    if (options->ninputs == 0) {
        fprintf(stderr, "cdp-lower: error: no input file (see --help)\n");
        return 2;
    }
    if (options->output != NULL && strcmp(options->output, "-") == 0 && options->report != REPORT_NONE) {
        fprintf(stderr, "cdp-lower: error: -o - and the report would share standard output\n");
        return 2;
    }
    if (options->output != NULL && options->out_dir != NULL) {
        fprintf(stderr, "cdp-lower: error: -o and --out-dir cannot be used together\n");
        return 2;
    }
    if (options->output != NULL && options->ninputs > 1) {
        fprintf(stderr, "cdp-lower: error: -o takes one input, got %zu; use --out-dir DIR for several\n",
                options->ninputs);
        return 2;
    }
    if (options->ninputs > 1 && options->out_dir == NULL && !options->check_only &&
        options->report == REPORT_NONE) {
        fprintf(stderr, "cdp-lower: error: %zu inputs need --out-dir DIR (or --check, --report=json, --dot)\n",
                options->ninputs);
        return 2;
    }
    if (options->out_dir != NULL) {
        for (size_t a = 0; a < options->ninputs; ++a)
            for (size_t b = a + 1; b < options->ninputs; ++b)
                if (strcmp(base_name(options->inputs[a]), base_name(options->inputs[b])) == 0) {
                    fprintf(stderr, "cdp-lower: error: %s and %s would both be written to %s/%s\n",
                            options->inputs[a], options->inputs[b], options->out_dir, base_name(options->inputs[a]));
                    return 2;
                }
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

/* Analyses `input` into `model` (which the caller frees) and, unless
 * `output` is NULL, writes the lowered text there ("-": standard output).
 * Returns the exit status for this input. */
static int lower_file(const cli *options, const char *input, const char *output, cdpl_model *model)
{
    if (output != NULL && strcmp(output, "-") != 0 && cdpl_same_file(input, output)) {
        fprintf(stderr, "cdp-lower: error: the output %s is the input; refusing to overwrite it\n", output);
        return 2;
    }
    bool analysed = cdpl_analyse_file(input, &options->parse, model);
    char line_file[PATH_MAX];
    if (realpath(input, line_file) == NULL) snprintf(line_file, sizeof line_file, "%s", input);
    cdpl_edits edits = {0};
    if (analysed && !cdpl_model_has_errors(model)) {
        cdpl_rewrite_options rewrite_options = {line_file, options->target};
        cdpl_rewrite(model, &rewrite_options, &edits);
    }
    size_t conflict = 0;
    if (!edits.failed && !cdpl_edits_sort(&edits, &conflict))
        cdpl_model_diagnose(model, CDPL_ERROR, (cdpl_loc){0, 0},
                            "internal error: two rewrites overlap at byte %zu", conflict);
    print_diagnostics(model);
    int status = 0;
    if (!analysed || cdpl_model_has_errors(model)) {
        status = 1;
    } else if (edits.failed) {
        fprintf(stderr, "cdp-lower: error: out of memory\n");
        status = 1;
    } else if (output != NULL) {
        size_t size = 0;
        char *lowered = cdpl_edits_apply(&edits, model->source, model->source_size, &size);
        if (lowered == NULL) {
            fprintf(stderr, "cdp-lower: error: out of memory\n");
            status = 1;
        } else if (!cdpl_emit(output, lowered, size)) {
            status = 1;
        }
        free(lowered);
    }
    cdpl_edits_free(&edits);
    return status;
}

/* Where the lowered `input` goes: NULL for nowhere. Fills `buffer` for --out-dir. */
static const char *output_path(const cli *options, const char *input, char *buffer, size_t size)
{
    if (options->check_only) return NULL;
    if (options->out_dir != NULL) {
        int length = snprintf(buffer, size, "%s/%s", options->out_dir, base_name(input));
        if (length < 0 || (size_t)length >= size) {
            fprintf(stderr, "cdp-lower: error: %s/%s: path too long\n", options->out_dir, base_name(input));
            return NULL;
        }
        return buffer;
    }
    if (options->output != NULL) return options->output;
    return options->report == REPORT_NONE ? "-" : NULL;
}

static int lower_all(const cli *options)
{
    if (options->out_dir != NULL && !options->check_only && mkdir(options->out_dir, 0777) != 0 &&
        errno != EEXIST) {
        fprintf(stderr, "cdp-lower: error: cannot create %s: %s\n", options->out_dir, strerror(errno));
        return 1;
    }
    cdpl_model *models = calloc(options->ninputs, sizeof *models);
    if (models == NULL) {
        fprintf(stderr, "cdp-lower: error: out of memory\n");
        return 1;
    }
    int status = 0;
    for (size_t i = 0; i < options->ninputs; ++i) {
        char buffer[PATH_MAX];
        const char *output = output_path(options, options->inputs[i], buffer, sizeof buffer);
        int file_status = output == NULL && options->out_dir != NULL && !options->check_only
                              ? 1
                              : lower_file(options, options->inputs[i], output, &models[i]);
        if (file_status > status) status = file_status;
    }
    if (options->report == REPORT_JSON) cdpl_report_json(models, options->ninputs, stdout);
    if (options->report == REPORT_DOT) cdpl_report_dot(models, options->ninputs, stdout);
    for (size_t i = 0; i < options->ninputs; ++i) cdpl_model_free(&models[i]);
    free(models);
    if (fflush(stdout) != 0 && status == 0) {
        fprintf(stderr, "cdp-lower: error: writing standard output: %s\n", strerror(errno));
        status = 1;
    }
    return status;
}

int main(int argc, char **argv)
{
    cli options = {0};
    int status = parse_command_line(argc, argv, &options);
    if (status == 0) status = lower_all(&options);
    free(options.clang_args);
    free(options.inputs);
    return status < 0 ? 0 : status;
}
