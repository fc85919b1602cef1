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
#include "compdb.h"
#include "compile_flags.h"
#include "depfile.h"
#include "edits.h"
#include "emit.h"
#include "host_compiler.h"
#include "install_paths.h"
#include "large_stack.h"
#include "report.h"
#include "rewrite.h"
#include "text.h"

#ifndef CDPL_VERSION
#define CDPL_VERSION "unknown"
#endif

static const char usage[] =
    "usage: cdp-lower [options] INPUT.cu [-- COMPILER_ARGS...]\n"
    "       cdp-lower [options] INPUT.cu... --out-dir DIR [-- COMPILER_ARGS...]\n"
    "       cdp-lower [options] INPUT.cu... --inplace=SUFFIX [-- COMPILER_ARGS...]\n"
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
    "  --inplace=SUFFIX      replace each input by its lowered text, after saving the\n"
    "                        original as INPUT<SUFFIX> (e.g. --inplace=.orig); an\n"
    "                        input that needs no lowering is left untouched\n"
    "  -p BUILD_DIR          parse each input with the flags of its entry in\n"
    "                        BUILD_DIR/compile_commands.json (-I, -D, -std=, the GPU\n"
    "                        architecture...); an input missing there is an error\n"
    "  --depfile=FILE        write a Make-style dependency file: each output depends\n"
    "                        on its input and every header that input includes\n"
    "  --check               analyse only: report what cannot be lowered, write nothing\n"
    "  --report=json         print what the analysis found (kernels, launch sites,\n"
    "                        API calls, what each is rewritten to, diagnostics) as one\n"
    "                        JSON object on standard output; lowered code is written\n"
    "                        only with -o or --out-dir\n"
    "  --dot                 print the device launch graph (Graphviz) on standard\n"
    "                        output; lowered code is written only with -o or --out-dir\n"
    "  --cuda-path=DIR       the CUDA toolkit to parse with (default /usr/local/cuda)\n"
    "  --offload-arch=ARCH   the GPU architecture to parse for (default sm_90)\n"
    "  --target=cuda|hip     what compiles the output: nvcc or clang (cuda, the\n"
    "                        default) or hipcc (hip: every output includes\n"
    "                        cdpl_gpu.h, which maps the CUDA names onto HIP; build\n"
    "                        with -I rt/include/cuda_on_hip too)\n"
    "  -I DIR, -D NAME[=VAL], -U NAME, -include FILE, -isystem DIR, -std=STD\n"
    "                        passed to the parser, like everything after `--`;\n"
    "                        they come after (and win over) those of -p\n"
    "  -- COMPILER_ARGS      parse flags as given to nvcc or clang: nvcc's are\n"
    "                        translated (-arch=, -gencode, --include-path...) or\n"
    "                        dropped (-Xcompiler, -rdc, -lineinfo...); others pass\n"
    "                        to the parser as written\n"
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
    const char *inplace_suffix; /* NULL: not in place */
    const char *depfile;
    const char *build_dir;      /* -p: holds compile_commands.json */
    cdpl_compdb compdb;
    cdpl_install_paths paths;
    char runtime_include_arg[PATH_MAX + 2];
    bool check_only;
    cdpl_target target;
    report_kind report;
    cdpl_parse_options parse;
    const char **clang_args;
    size_t nclang_args;
    cdpl_compile_flags after_dashes; /* the flags after `--`, translated from nvcc's spellings */
    cdpl_host_compilers *host_compilers; /* where each host compiler keeps its headers, once asked */
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

/* The value of `NAME=VALUE` or `NAME VALUE` at argv[*i]; NULL, after a
 * message saying that NAME needs `what`, when it is missing or empty. */
static const char *option_value(int argc, char **argv, int *i, const char *name, const char *what)
{
    const char *arg = argv[*i];
    size_t length = strlen(name);
    const char *value = arg[length] == '=' ? arg + length + 1 : ++*i < argc ? argv[*i] : NULL;
    if (value == NULL || *value == '\0') {
        fprintf(stderr, "cdp-lower: error: %s needs %s\n", name, what);
        return NULL;
    }
    return value;
}

static bool is_option(const char *arg, const char *name)
{
    size_t length = strlen(name);
    return strncmp(arg, name, length) == 0 && (arg[length] == '\0' || arg[length] == '=');
}

/* The flags after `--` are those the user gives nvcc (or clang): nvcc's
 * spellings are translated as in a compile command of -p, and the
 * architecture and toolkit they name count unless cdp-lower's own options
 * name them. Returns 0 or the exit status to stop with. */
static int translate_after_dashes(cli *options, int count, char **words)
{
    cdpl_words args = {words, (size_t)count};
    char error[512];
    if (!cdpl_compile_flags_translate(&args, &options->after_dashes, error, sizeof error)) {
        fprintf(stderr, "cdp-lower: error: %s\n", error);
        return 2;
    }
    for (size_t a = 0; a < options->after_dashes.args.count; ++a)
        if (!add_clang_arg(options, options->after_dashes.args.words[a])) return 2;
    return 0;
}

/* Returns 0 to go on, or the exit status to stop with. */
static int parse_command_line(int argc, char **argv, cli *options)
{
    static const char *const with_value[] = {"-I", "-D", "-U", "-include", "-isystem"};
    if (!add_clang_arg(options, options->runtime_include_arg)) return 2;
    for (int i = 1; i < argc; ++i) {
        const char *arg = argv[i];
        if (strcmp(arg, "--") == 0) {
            int status = translate_after_dashes(options, argc - i - 1, argv + i + 1);
            if (status != 0) return status;
            break;
        }
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            fputs(usage, stdout);
            return -1;
        }
        if (strcmp(arg, "--version") == 0) {
            printf("cdp-lower %s (runtime ABI %u)\nruntime headers: %s\n", CDPL_VERSION, CDPL_ABI_VERSION,
                   options->paths.runtime_include);
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
        } else if (strcmp(arg, "--inplace") == 0 || has_prefix(arg, "--inplace=")) {
            options->inplace_suffix = arg[9] == '=' ? arg + 10 : "";
            if (*options->inplace_suffix == '\0') {
                fprintf(stderr, "cdp-lower: error: --inplace needs a backup suffix, e.g. --inplace=.orig: the "
                                "original is kept as INPUT.orig\n");
                return 2;
            }
        } else if (is_option(arg, "--depfile")) {
            if ((options->depfile = option_value(argc, argv, &i, "--depfile", "a file name")) == NULL) return 2;
        } else if (is_option(arg, "-p")) {
            if ((options->build_dir = option_value(argc, argv, &i, "-p", "a build directory")) == NULL) return 2;
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
            fprintf(stderr, "cdp-lower: error: unknown option '%s' (see --help; compiler options go after --)\n", arg);
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
    if (options->inplace_suffix != NULL && (options->output != NULL || options->out_dir != NULL)) {
        fprintf(stderr, "cdp-lower: error: --inplace writes over the inputs: it cannot be used with -o or "
                        "--out-dir\n");
        return 2;
    }
    if (options->inplace_suffix != NULL && options->check_only) {
        fprintf(stderr, "cdp-lower: error: --check writes nothing: it cannot be used with --inplace\n");
        return 2;
    }
    if (options->depfile != NULL && (options->check_only || (options->out_dir == NULL &&
                                                             (options->output == NULL ||
                                                              strcmp(options->output, "-") == 0)))) {
        fprintf(stderr, "cdp-lower: error: --depfile names the files written: it needs -o FILE or --out-dir DIR\n");
        return 2;
    }
    if (options->output != NULL && options->ninputs > 1) {
        fprintf(stderr, "cdp-lower: error: -o takes one input, got %zu; use --out-dir DIR for several\n",
                options->ninputs);
        return 2;
    }
    if (options->ninputs > 1 && options->out_dir == NULL && options->inplace_suffix == NULL &&
        !options->check_only && options->report == REPORT_NONE) {
        fprintf(stderr, "cdp-lower: error: %zu inputs need --out-dir DIR or --inplace=SUFFIX (or --check, "
                        "--report=json, --dot)\n",
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
    if (options->parse.cuda_path == NULL) options->parse.cuda_path = options->after_dashes.cuda_path;
    if (options->parse.offload_arch == NULL) options->parse.offload_arch = options->after_dashes.offload_arch;
    /* A report shows the whole analysis, even of a file left unchanged. */
    options->parse.scan_first = options->report == REPORT_NONE;
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

/* -fopenmp given to the host compiler: nvcc's host side sees _OPENMP (the
 * value GCC 6 to 14 define). The host compiler's own headers (omp.h among
 * them) are found after all others, as that compiler finds them, with
 * -fopenmp or without: a header that includes omp.h outside #ifdef _OPENMP
 * builds with nvcc either way. */
static const char *const openmp_define[] = {"-Xarch_host", "-D_OPENMP=201511"};

/* The parser's options for `input`: the runtime's headers first, then what
 * -fopenmp means and the host compiler's headers, the flags of its compile
 * command (-p), then the command line's, which win. The caller frees `args` and `db_flags`. Returns 0, or
 * the exit status for this input (its model then says why, or a message
 * was printed). */
static int parse_options_for(const cli *options, const char *input, cdpl_model *model, cdpl_parse_options *parse,
                             cdpl_compile_flags *db_flags, const char ***args)
{
    *parse = options->parse;
    if (options->build_dir != NULL) {
        cdpl_compdb_lookup found = cdpl_compdb_flags_for(&options->compdb, input, db_flags);
        if (found != CDPL_COMPDB_FOUND) {
            /* Parsing with other flags than the build's could lower other code than it compiles. */
            model->main_file = strdup(input);
            if (found == CDPL_COMPDB_NOT_LISTED)
                cdpl_model_diagnose(model, CDPL_ERROR, (cdpl_loc){0, 0, NULL},
                                    "not in %s; add it to the build, or lower it without -p", options->compdb.path);
            return 1;
        }
    }
    bool openmp = options->after_dashes.openmp || db_flags->openmp;
    const char *compiler =
        options->after_dashes.host_compiler != NULL ? options->after_dashes.host_compiler : db_flags->host_compiler;
    const char *host_include = cdpl_host_include_dir(options->host_compilers, compiler);
    if (options->build_dir == NULL && !openmp && host_include == NULL) return 0;
    *args = malloc((options->nclang_args + db_flags->args.count + 4) * sizeof **args);
    if (*args == NULL) {
        fprintf(stderr, "cdp-lower: error: out of memory\n");
        return 1;
    }
    size_t n = 0;
    (*args)[n++] = options->clang_args[0]; /* the runtime's headers */
    if (openmp) {
        (*args)[n++] = openmp_define[0];
        (*args)[n++] = openmp_define[1];
    }
    if (host_include != NULL) {
        (*args)[n++] = "-idirafter";
        (*args)[n++] = host_include;
    }
    for (size_t a = 0; a < db_flags->args.count; ++a) (*args)[n++] = db_flags->args.words[a];
    for (size_t a = 1; a < options->nclang_args; ++a) (*args)[n++] = options->clang_args[a];
    parse->extra_args = *args;
    parse->nextra_args = n;
    if (parse->cuda_path == NULL) parse->cuda_path = db_flags->cuda_path;
    if (parse->offload_arch == NULL) parse->offload_arch = db_flags->offload_arch;
    return 0;
}

/* Writes the lowered text of `input` to `output`, or over the input with
 * --inplace, and adds its rule to `depfile` when there is one. */
static bool write_output(const cli *options, const char *input, const char *output, const cdpl_model *model,
                         const char *lowered, size_t size, cdpl_text *depfile)
{
    if (options->inplace_suffix != NULL)
        return cdpl_emit_in_place(input, options->inplace_suffix, model->original ? model->original : model->source,
                                  model->original ? model->original_size : model->source_size, lowered, size);
    cdpl_text rule = {0};
    if (depfile != NULL && !cdpl_depfile_rule(&rule, output, input, model->includes, model->nincludes)) {
        cdpl_text_free(&rule);
        return false;
    }
    bool written = cdpl_emit(output, lowered, size);
    if (written && depfile != NULL) cdpl_text_append(depfile, rule.bytes, rule.size);
    cdpl_text_free(&rule);
    return written;
}

/* Analyses `input` into `model` (which the caller frees) and, unless
 * `output` is NULL, writes the lowered text there ("-": standard output).
 * Returns the exit status for this input. */
static int lower_file(const cli *options, const char *input, const char *output, cdpl_model *model,
                      cdpl_text *depfile)
{
    if (output != NULL && options->inplace_suffix == NULL && strcmp(output, "-") != 0 &&
        cdpl_same_file(input, output)) {
        fprintf(stderr, "cdp-lower: error: the output %s is the input; refusing to overwrite it\n", output);
        return 2;
    }
    cdpl_parse_options parse;
    cdpl_compile_flags db_flags = {0};
    const char **args = NULL;
    int parse_status = parse_options_for(options, input, model, &parse, &db_flags, &args);
    bool analysed = parse_status == 0 && cdpl_analyse_file(input, &parse, model);
    free(args);
    cdpl_compile_flags_free(&db_flags);
    if (parse_status != 0) {
        print_diagnostics(model);
        return parse_status;
    }
    /* #line directives name the file that holds the original text: with
     * --inplace, that is the backup. */
    char *line_file = options->inplace_suffix != NULL ? cdpl_backup_path(input, options->inplace_suffix)
                                                      : realpath(input, NULL);
    cdpl_edits edits = {0};
    if (analysed && !cdpl_model_has_errors(model)) {
        cdpl_rewrite_options rewrite_options = {line_file != NULL ? line_file : input, options->target};
        cdpl_rewrite(model, &rewrite_options, &edits);
    }
    size_t conflict = 0;
    if (!edits.failed && !cdpl_edits_sort(&edits, &conflict))
        cdpl_model_diagnose(model, CDPL_ERROR, (cdpl_loc){0, 0, NULL},
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
        /* A file that needs no rewriting comes out as it was read, also
         * where the analysis closed up a host launch's spaced chevrons. */
        const bool unchanged = edits.count == 0 && model->original != NULL;
        char *lowered = cdpl_edits_apply(&edits, unchanged ? model->original : model->source,
                                         unchanged ? model->original_size : model->source_size, &size);
        if (lowered == NULL) {
            fprintf(stderr, "cdp-lower: error: out of memory\n");
            status = 1;
        } else if (!write_output(options, input, output, model, lowered, size, depfile)) {
            status = 1;
        }
        free(lowered);
    }
    cdpl_edits_free(&edits);
    free(line_file);
    return status;
}

typedef struct file_job {
    const cli *options;
    const char *input;
    const char *output;
    cdpl_model *model;
    cdpl_text *depfile;
} file_job;

static int run_file_job(void *data)
{
    const file_job *job = data;
    return lower_file(job->options, job->input, job->output, job->model, job->depfile);
}

/* Where the lowered `input` goes: NULL for nowhere. Fills `buffer` for --out-dir. */
static const char *output_path(const cli *options, const char *input, char *buffer, size_t size)
{
    if (options->check_only) return NULL;
    if (options->inplace_suffix != NULL) return input;
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

static int lower_all(cli *options)
{
    if (options->out_dir != NULL && !options->check_only && mkdir(options->out_dir, 0777) != 0 &&
        errno != EEXIST) {
        fprintf(stderr, "cdp-lower: error: cannot create %s: %s\n", options->out_dir, strerror(errno));
        return 1;
    }
    if (options->build_dir != NULL && !cdpl_compdb_load(options->build_dir, &options->compdb)) return 1;
    cdpl_model *models = calloc(options->ninputs, sizeof *models);
    if (models == NULL) {
        fprintf(stderr, "cdp-lower: error: out of memory\n");
        return 1;
    }
    int status = 0;
    cdpl_text depfile = {0};
    for (size_t i = 0; i < options->ninputs; ++i) {
        char buffer[PATH_MAX];
        const char *output = output_path(options, options->inputs[i], buffer, sizeof buffer);
        file_job job = {options, options->inputs[i], output, &models[i], options->depfile != NULL ? &depfile : NULL};
        int file_status = output == NULL && options->out_dir != NULL && !options->check_only
                              ? 1
                              : cdpl_run_on_large_stack(run_file_job, &job, options->inputs[i]);
        if (file_status > status) status = file_status;
    }
    /* A build system reads the dependency file only after a command that
     * succeeded: it is written when every output was. */
    if (options->depfile != NULL && status == 0) {
        if (depfile.failed) {
            fprintf(stderr, "cdp-lower: error: out of memory\n");
            status = 1;
        } else if (!cdpl_emit(options->depfile, depfile.bytes != NULL ? depfile.bytes : "", depfile.size)) {
            status = 1;
        }
    }
    cdpl_text_free(&depfile);
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
    cdpl_host_compilers host_compilers = {0};
    cli options = {.host_compilers = &host_compilers};
    cdpl_find_install_paths(&options.paths);
    snprintf(options.runtime_include_arg, sizeof options.runtime_include_arg, "-I%s", options.paths.runtime_include);
    options.parse.stub_include_dir = options.paths.parse_stubs;
    int status = parse_command_line(argc, argv, &options);
    if (status == 0) status = lower_all(&options);
    cdpl_compdb_free(&options.compdb);
    cdpl_compile_flags_free(&options.after_dashes);
    cdpl_host_compilers_free(&host_compilers);
    free(options.clang_args);
    free(options.inputs);
    return status < 0 ? 0 : status;
}
