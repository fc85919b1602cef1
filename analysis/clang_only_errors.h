/* Errors libclang reports in code that nvcc compiles as it is. */
#ifndef CDPL_CLANG_ONLY_ERRORS_H
#define CDPL_CLANG_ONLY_ERRORS_H

#include <clang-c/Index.h>
#include <stdbool.h>

/* True for an error that comes from clang 19's own CUDA headers rather than
 * from the user's code, and that nvcc does not report. */
bool cdpl_is_clang_only_error(CXDiagnostic diagnostic);

#endif
