/* Every option is looked up in one table that says how its value may be
 * written (separate word, joined, after '=') and what becomes of it. Options
 * whose separate value is not kept are listed too, so that the value (say
 * `-Xcompiler -DX`, meant for the host compiler) is not read as a flag; so
 * are nvcc's options that clang does not know, which the command line's
 * flags (passed on to clang otherwise) must not carry to the parser. */
#define _POSIX_C_SOURCE 200809L
#include "compile_flags.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "text.h"

enum { max_response_depth = 8 };

typedef enum action {
    KEEP_PATH,       /* emit + absolute directory, one word */
    KEEP_VALUE,      /* emit + value, one word */
    KEEP_FILE,       /* emit, then the file (absolute when it exists there), two words */
    SET_CUDA_PATH,
    SET_ARCH,        /* sm_XX or compute_XX */
    SET_GENCODE_ARCH,/* arch=compute_XX,code=... */
    READ_RESPONSE_FILE,
    SET_HOST_COMPILER,
    HOST_OPTIONS,    /* -Xcompiler's comma-separated list: only -fopenmp changes the parse */
    OPENMP,
    SKIP_VALUE,
    DROP,            /* an nvcc option without a value that means nothing to the parse */
    PASS_TO_CLANG    /* clang's own option and its value: kept as written on the command line */
} action;

enum { SEPARATE = 1, JOINED = 2, EQUALS = 4, ALONE = 8 /* the word itself, no value */ };

typedef struct option {
    const char *name;
    int forms;
    action action;
    const char *emit;
} option;

static const option options[] = {
    {"-I", SEPARATE | JOINED, KEEP_PATH, "-I"},
    {"--include-path", SEPARATE | EQUALS, KEEP_PATH, "-I"},
    {"-isystem", SEPARATE | JOINED, KEEP_PATH, "-isystem"},
    {"--system-include", SEPARATE | EQUALS, KEEP_PATH, "-isystem"},
    {"-iquote", SEPARATE | JOINED, KEEP_PATH, "-iquote"},
    {"-idirafter", SEPARATE | JOINED, KEEP_PATH, "-idirafter"},
    {"-D", SEPARATE | JOINED, KEEP_VALUE, "-D"},
    {"--define-macro", SEPARATE | EQUALS, KEEP_VALUE, "-D"},
    {"-U", SEPARATE | JOINED, KEEP_VALUE, "-U"},
    {"--undefine-macro", SEPARATE | EQUALS, KEEP_VALUE, "-U"},
    {"-include", SEPARATE, KEEP_FILE, "-include"},
    {"--pre-include", SEPARATE | EQUALS, KEEP_FILE, "-include"},
    {"-std", SEPARATE | EQUALS, KEEP_VALUE, "-std="},
    {"--std", SEPARATE | EQUALS, KEEP_VALUE, "-std="},
    {"--cuda-path", EQUALS, SET_CUDA_PATH, NULL},
    {"-arch", SEPARATE | EQUALS, SET_ARCH, NULL},
    {"--gpu-architecture", SEPARATE | EQUALS, SET_ARCH, NULL},
    {"--offload-arch", SEPARATE | EQUALS, SET_ARCH, NULL},
    {"--cuda-gpu-arch", SEPARATE | EQUALS, SET_ARCH, NULL},
    {"-gencode", SEPARATE | EQUALS, SET_GENCODE_ARCH, NULL},
    {"--generate-code", SEPARATE | EQUALS, SET_GENCODE_ARCH, NULL},
    {"--options-file", SEPARATE | EQUALS, READ_RESPONSE_FILE, NULL},
    {"-optf", SEPARATE | EQUALS, READ_RESPONSE_FILE, NULL},
    {"-o", SEPARATE, SKIP_VALUE, NULL},
    {"--output-file", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-x", SEPARATE, SKIP_VALUE, NULL},
    {"--x", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-MF", SEPARATE, SKIP_VALUE, NULL},
    {"-MT", SEPARATE, SKIP_VALUE, NULL},
    {"-MQ", SEPARATE, SKIP_VALUE, NULL},
    {"--dependency-output", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--dependency-target-name", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-ccbin", SEPARATE | EQUALS, SET_HOST_COMPILER, NULL},
    {"--compiler-bindir", SEPARATE | EQUALS, SET_HOST_COMPILER, NULL},
    {"-code", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--gpu-code", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-Xcompiler", SEPARATE | EQUALS, HOST_OPTIONS, NULL},
    {"--compiler-options", SEPARATE | EQUALS, HOST_OPTIONS, NULL},
    {"-Xptxas", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--ptxas-options", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-Xlinker", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--linker-options", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-Xnvlink", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--nvlink-options", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-Xarchive", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--archive-options", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-Xclang", SEPARATE, PASS_TO_CLANG, NULL},
    {"-Xcuda-ptxas", SEPARATE, PASS_TO_CLANG, NULL},
    {"-Xcuda-fatbinary", SEPARATE, PASS_TO_CLANG, NULL},
    {"-Xarch_device", SEPARATE, PASS_TO_CLANG, NULL},
    {"-Xarch_host", SEPARATE, PASS_TO_CLANG, NULL},
    {"-fopenmp", ALONE, OPENMP, NULL},
    /* nvcc's own options with a value (nvcc --help), in both spellings. */
    {"-rdc", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--relocatable-device-code", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-default-stream", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--default-stream", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-m", SEPARATE, SKIP_VALUE, NULL},
    {"--machine", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--optimize", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-Ofc", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--Ofast-compile", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-dopt", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--dopt", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-opt-info", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--optimization-info", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-cudart", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--cudart", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-cudadevrt", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--cudadevrt", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--library", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--library-path", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-odir", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--output-directory", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-arbin", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--archiver-binary", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-ldir", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--libdevice-directory", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-target-dir", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--target-directory", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-maxrregcount", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--maxrregcount", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-ftz", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--ftz", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-prec-div", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--prec-div", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-prec-sqrt", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--prec-sqrt", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-fmad", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--fmad", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-t", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--threads", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-split-compile", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--split-compile", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-keep-dir", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--keep-dir", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-time", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--time", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--Werror", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-diag-error", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--diag-error", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-diag-suppress", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--diag-suppress", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-diag-warn", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--diag-warn", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-static-global-template-stub", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--static-global-template-stub", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-device-entity-has-hidden-visibility", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--device-entity-has-hidden-visibility", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-brief-diag", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--brief-diagnostics", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-device-stack-protector", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--device-stack-protector", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"-compress-mode", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    {"--compress-mode", SEPARATE | EQUALS, SKIP_VALUE, NULL},
    /* nvcc's own options without a value that clang would refuse or misread. */
    {"-lineinfo", ALONE, DROP, NULL},
    {"--generate-line-info", ALONE, DROP, NULL},
    {"-G", ALONE, DROP, NULL},
    {"--device-debug", ALONE, DROP, NULL},
    {"-dc", ALONE, DROP, NULL},
    {"--device-c", ALONE, DROP, NULL},
    {"-dw", ALONE, DROP, NULL},
    {"--device-w", ALONE, DROP, NULL},
    {"-dlink", ALONE, DROP, NULL},
    {"--device-link", ALONE, DROP, NULL},
    {"-dlto", ALONE, DROP, NULL},
    {"--dlink-time-opt", ALONE, DROP, NULL},
    {"-lto", ALONE, DROP, NULL},
    {"--lto", ALONE, DROP, NULL},
    {"-expt-relaxed-constexpr", ALONE, DROP, NULL},
    {"--expt-relaxed-constexpr", ALONE, DROP, NULL},
    {"-extended-lambda", ALONE, DROP, NULL},
    {"--extended-lambda", ALONE, DROP, NULL},
    {"-expt-extended-lambda", ALONE, DROP, NULL},
    {"--expt-extended-lambda", ALONE, DROP, NULL},
    {"--m64", ALONE, DROP, NULL},
    {"-use_fast_math", ALONE, DROP, NULL},
    {"--use_fast_math", ALONE, DROP, NULL},
    {"-res-usage", ALONE, DROP, NULL},
    {"--resource-usage", ALONE, DROP, NULL},
    {"-allow-unsupported-compiler", ALONE, DROP, NULL},
    {"--allow-unsupported-compiler", ALONE, DROP, NULL},
    {"-forward-unknown-to-host-compiler", ALONE, DROP, NULL},
    {"--forward-unknown-to-host-compiler", ALONE, DROP, NULL},
    {"-noeh", ALONE, DROP, NULL},
    {"--no-exceptions", ALONE, DROP, NULL},
    {"-keep", ALONE, DROP, NULL},
    {"--keep", ALONE, DROP, NULL},
    {"-src-in-ptx", ALONE, DROP, NULL},
    {"--source-in-ptx", ALONE, DROP, NULL},
    {"-restrict", ALONE, DROP, NULL},
    {"--restrict", ALONE, DROP, NULL},
    {"-extra-device-vectorization", ALONE, DROP, NULL},
    {"--extra-device-vectorization", ALONE, DROP, NULL},
    {"-err-no", ALONE, DROP, NULL},
    {"--display-error-number", ALONE, DROP, NULL},
    {"-no-err-no", ALONE, DROP, NULL},
    {"--no-display-error-number", ALONE, DROP, NULL},
    {"-cuda", ALONE, DROP, NULL},
    {"--cuda", ALONE, DROP, NULL},
    {"-ptx", ALONE, DROP, NULL},
    {"--ptx", ALONE, DROP, NULL},
    {"-cubin", ALONE, DROP, NULL},
    {"--cubin", ALONE, DROP, NULL},
    {"-fatbin", ALONE, DROP, NULL},
    {"--fatbin", ALONE, DROP, NULL},
    {"--compile", ALONE, DROP, NULL},
};

typedef struct keeper {
    const char *directory;
    cdpl_compile_flags *flags;
    bool pass_unknown; /* the command line's flags: what the table does not know is clang's */
    char *error;
    size_t error_size;
} keeper;

/* `path`, or `directory/path` when it is relative: a new string. */
static char *against_directory(const char *directory, const char *path)
{
    if (path[0] == '/' || directory == NULL || directory[0] == '\0') return strdup(path);
    cdpl_text text = {0};
    cdpl_text_printf(&text, "%s/%s", directory, path);
    return cdpl_text_take(&text);
}

static bool add_joined(keeper *k, const char *emit, const char *value)
{
    cdpl_text text = {0};
    cdpl_text_printf(&text, "%s%s", emit, value);
    char *word = cdpl_text_take(&text);
    bool added = word != NULL && cdpl_words_add(&k->flags->args, word);
    free(word);
    return added;
}

/* "sm_90" or "compute_90" (up to a comma) as "sm_90"; NULL for anything
 * else, such as "native" or "all", which say nothing about one GPU. */
static char *architecture(const char *value)
{
    const char *digits = strncmp(value, "sm_", 3) == 0        ? value + 3
                         : strncmp(value, "compute_", 8) == 0 ? value + 8
                                                             : NULL;
    if (digits == NULL || *digits < '0' || *digits > '9') return NULL;
    size_t length = strcspn(digits, ",]");
    cdpl_text text = {0};
    cdpl_text_printf(&text, "sm_%.*s", (int)length, digits);
    return cdpl_text_take(&text);
}

static bool set_once(char **slot, char *value)
{
    if (*slot == NULL) *slot = value;
    else free(value);
    return true;
}

static bool keep_words(keeper *k, char *const *words, size_t count, size_t first, int depth);

static bool read_response_file(keeper *k, const char *name, int depth)
{
    if (depth >= max_response_depth) {
        snprintf(k->error, k->error_size, "response files nested deeper than %d levels at %s", max_response_depth,
                 name);
        return false;
    }
    char *path = against_directory(k->directory, name);
    if (path == NULL) return false;
    FILE *file = fopen(path, "rb");
    if (file == NULL) {
        snprintf(k->error, k->error_size, "cannot read the response file %s: %s", path, strerror(errno));
        free(path);
        return false;
    }
    cdpl_text contents = {0};
    char buffer[4096];
    size_t got;
    while ((got = fread(buffer, 1, sizeof buffer, file)) > 0) cdpl_text_append(&contents, buffer, got);
    bool read_failed = ferror(file) != 0;
    fclose(file);
    char *text = cdpl_text_take(&contents);
    cdpl_words words = {0};
    const char *split_error = NULL;
    bool ok = false;
    if (read_failed) {
        snprintf(k->error, k->error_size, "cannot read the response file %s", path);
    } else if (text != NULL && !cdpl_split_shell_words(text, &words, &split_error)) {
        if (split_error != NULL) snprintf(k->error, k->error_size, "in the response file %s: %s", path, split_error);
    } else if (text != NULL) {
        ok = keep_words(k, words.words, words.count, 0, depth + 1);
    }
    cdpl_words_free(&words);
    free(text);
    free(path);
    return ok;
}

static bool apply(keeper *k, const option *o, const char *value, int depth)
{
    cdpl_compile_flags *flags = k->flags;
    switch (o->action) {
    case KEEP_PATH: {
        char *path = against_directory(k->directory, value);
        bool added = path != NULL && add_joined(k, o->emit, path);
        free(path);
        return added;
    }
    case KEEP_VALUE: return add_joined(k, o->emit, value);
    case KEEP_FILE: {
        char *path = against_directory(k->directory, value);
        if (path != NULL && access(path, F_OK) != 0) {
            /* Not beside the command: the parser looks for it on the include path. */
            free(path);
            path = strdup(value);
        }
        bool added = path != NULL && cdpl_words_add(&flags->args, o->emit) && cdpl_words_add(&flags->args, path);
        free(path);
        return added;
    }
    case SET_CUDA_PATH: {
        char *path = against_directory(k->directory, value);
        return path != NULL && set_once(&flags->cuda_path, path);
    }
    case SET_ARCH: {
        char *arch = architecture(value);
        return arch == NULL || set_once(&flags->offload_arch, arch);
    }
    case SET_GENCODE_ARCH: {
        const char *arch_value = strstr(value, "arch=");
        char *arch = arch_value != NULL ? architecture(arch_value + 5) : NULL;
        return arch == NULL || set_once(&flags->offload_arch, arch);
    }
    case SET_HOST_COMPILER: {
        char *path = against_directory(k->directory, value);
        return path != NULL && set_once(&flags->host_compiler, path);
    }
    case HOST_OPTIONS:
        for (const char *at = value; *at != '\0';) {
            size_t length = strcspn(at, ", ");
            if (length == strlen("-fopenmp") && strncmp(at, "-fopenmp", length) == 0) flags->openmp = true;
            at += length + (at[length] != '\0');
        }
        return true;
    case OPENMP:
        flags->openmp = true;
        return true;
    case READ_RESPONSE_FILE: return read_response_file(k, value, depth);
    case PASS_TO_CLANG:
        return !k->pass_unknown || (cdpl_words_add(&flags->args, o->name) && cdpl_words_add(&flags->args, value));
    case SKIP_VALUE:
    case DROP: return true;
    }
    return true;
}

/* Finds the option `word` spells; sets *value to its value when it is
 * inside `word`, or to NULL when it is the next word. */
static const option *match(const char *word, const char **value)
{
    for (size_t o = 0; o < sizeof options / sizeof *options; ++o) {
        const option *candidate = &options[o];
        size_t length = strlen(candidate->name);
        if (strncmp(word, candidate->name, length) != 0) continue;
        const char *rest = word + length;
        if (*rest == '\0' && (candidate->forms & ALONE)) {
            *value = "";
            return candidate;
        }
        if (*rest == '\0' && (candidate->forms & SEPARATE)) {
            *value = NULL;
            return candidate;
        }
        if (*rest == '=' && (candidate->forms & EQUALS)) {
            *value = rest + 1;
            return candidate;
        }
        if (*rest != '\0' && (candidate->forms & JOINED)) {
            *value = rest;
            return candidate;
        }
    }
    return NULL;
}

static bool keep_words(keeper *k, char *const *words, size_t count, size_t first, int depth)
{
    for (size_t i = first; i < count; ++i) {
        const char *value = NULL;
        if (words[i][0] == '@' && words[i][1] != '\0') {
            if (!read_response_file(k, words[i] + 1, depth)) return false;
            continue;
        }
        const option *o = match(words[i], &value);
        if (o == NULL) {
            if (k->pass_unknown && !cdpl_words_add(&k->flags->args, words[i])) {
                snprintf(k->error, k->error_size, "out of memory");
                return false;
            }
            continue;
        }
        if (value == NULL) {
            if (i + 1 == count) continue; /* a dangling option: the compiler would refuse it */
            value = words[++i];
        }
        if (!apply(k, o, value, depth)) {
            if (k->error[0] == '\0') snprintf(k->error, k->error_size, "out of memory");
            return false;
        }
    }
    return true;
}

/* An nvcc named by a path DIR/bin/nvcc belongs to the toolkit DIR. */
static bool toolkit_of_compiler(keeper *k, const char *compiler)
{
    size_t length = strlen(compiler);
    static const char suffix[] = "/bin/nvcc";
    if (length < sizeof suffix || strcmp(compiler + length - (sizeof suffix - 1), suffix) != 0) return true;
    char *path = against_directory(k->directory, compiler);
    if (path == NULL) return false;
    path[strlen(path) - (sizeof suffix - 1)] = '\0';
    return set_once(&k->flags->cuda_path, path);
}

bool cdpl_compile_flags_keep(const cdpl_words *command, const char *directory, cdpl_compile_flags *flags,
                             char *error, size_t error_size)
{
    keeper k = {directory, flags, false, error, error_size};
    error[0] = '\0';
    if (command->count == 0) return true;
    /* An explicit --cuda-path= in the command wins over the compiler's own toolkit. */
    bool kept = keep_words(&k, command->words, command->count, 1, 0);
    if (kept && !toolkit_of_compiler(&k, command->words[0])) {
        snprintf(error, error_size, "out of memory");
        kept = false;
    }
    return kept;
}

bool cdpl_compile_flags_translate(const cdpl_words *args, cdpl_compile_flags *flags, char *error, size_t error_size)
{
    keeper k = {NULL, flags, true, error, error_size};
    error[0] = '\0';
    return keep_words(&k, args->words, args->count, 0, 0);
}

void cdpl_compile_flags_free(cdpl_compile_flags *flags)
{
    cdpl_words_free(&flags->args);
    free(flags->cuda_path);
    free(flags->offload_arch);
    free(flags->host_compiler);
    *flags = (cdpl_compile_flags){0};
}
