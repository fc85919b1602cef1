/* The host compiler nvcc would run (gcc, or the one -ccbin names): where it
 * keeps its own headers, such as omp.h, which nvcc finds through it. */
#ifndef CDPL_HOST_COMPILER_H
#define CDPL_HOST_COMPILER_H

/* The answers already found, so that each compiler is asked once a run. */
typedef struct cdpl_host_compilers {
    char **names;
    char **include_dirs; /* NULL where the compiler gave none */
    unsigned count;
} cdpl_host_compilers;

/* `compiler`: -ccbin's value (a compiler, or the directory holding gcc), or
 * NULL for gcc. Runs `compiler -print-file-name=include` the first time;
 * NULL when it cannot be run or names no directory. */
const char *cdpl_host_include_dir(cdpl_host_compilers *known, const char *compiler);

void cdpl_host_compilers_free(cdpl_host_compilers *known);

#endif
