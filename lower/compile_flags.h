/* From one compile command (of a compile_commands.json entry) to the flags
 * that change how its file parses: include paths, macros, pre-included
 * files, the language standard, the CUDA toolkit and GPU architecture, and
 * whether the host compiler runs with OpenMP (and which compiler it is).
 * The rest (optimisation, warnings, outputs, other host-compiler options)
 * is dropped. */
#ifndef CDPL_COMPILE_FLAGS_H
#define CDPL_COMPILE_FLAGS_H

#include <stdbool.h>
#include <stddef.h>

#include "shell_words.h"

typedef struct cdpl_compile_flags {
    cdpl_words args;    /* for the parser, e.g. -I/abs/include -DNAME=1 -std=c++17 */
    char *cuda_path;    /* --cuda-path=, or the toolkit of an nvcc run as DIR/bin/nvcc */
    char *offload_arch; /* sm_XX of the first architecture the command names */
    bool openmp;        /* the host compiler is given -fopenmp (-Xcompiler -fopenmp) */
    char *host_compiler;/* -ccbin: the host compiler, or the directory holding it */
} cdpl_compile_flags;

/* `command` is the whole command, compiler first; relative paths in it are
 * taken against `directory`. Understands clang's and nvcc's spellings
 * (-I DIR, -IDIR, --include-path=DIR, -D, --define-macro, -arch=sm_90,
 * -gencode arch=compute_90,code=..., --offload-arch=sm_90 ...) and reads
 * response files (@FILE, --options-file FILE). Returns false, with `error`
 * filled, when a response file cannot be read or memory runs out. */
bool cdpl_compile_flags_keep(const cdpl_words *command, const char *directory, cdpl_compile_flags *flags,
                             char *error, size_t error_size);

/* The same for the parse flags a user gives on cdp-lower's command line
 * (after `--`), in nvcc's or clang's spellings, with no compiler first:
 * nvcc's are translated or dropped as above, and every other flag is
 * clang's and is kept as written. Relative paths stay relative. */
bool cdpl_compile_flags_translate(const cdpl_words *args, cdpl_compile_flags *flags, char *error, size_t error_size);

void cdpl_compile_flags_free(cdpl_compile_flags *flags);

#endif
