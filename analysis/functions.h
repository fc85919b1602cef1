/* The functions of the main file: their declarations, bodies, parameters,
 * builtin-variable uses and callees, merged from both parses by USR. */
#ifndef CDPL_FUNCTIONS_H
#define CDPL_FUNCTIONS_H

#include "context.h"

/* Fills context->model->functions, in order of first declaration. */
void cdpl_find_functions(cdpl_context *context);

typedef void cdpl_definition_visitor(cdpl_context *context, const cdpl_unit *unit, CXCursor definition,
                                     CXCursor body, void *data);

/* Calls `visit` for every function definition with a `{ ... }` body, in the
 * main file only or in every file that is not a system header. */
void cdpl_visit_definitions(cdpl_context *context, const cdpl_unit *unit, bool main_file_only,
                            cdpl_definition_visitor *visit, void *data);

/* The model index of the function a cursor declares or refers to
 * (template specializations map to their template); SIZE_MAX when it is not
 * a function of the main file. */
size_t cdpl_function_of(cdpl_context *context, CXCursor cursor);

/* One of clang's CUDA builtin variables (threadIdx, blockIdx, blockDim,
 * gridDim, ...), by its __cuda_builtin_* type, not a user's namesake. */
bool cdpl_is_cuda_builtin_variable(CXCursor variable);
/* blockIdx or gridDim, clang's own: what the lowering makes virtual. */
bool cdpl_is_virtualized_builtin(CXCursor variable);

/* The function whose body contains `offset`; SIZE_MAX when none does. */
size_t cdpl_function_enclosing(const cdpl_model *model, size_t offset);

/* Keeps, of the overloads `functions` (indices into model->functions), those
 * that a call of `nargs` arguments can call, if any can: C++ would choose
 * none of the others. Without this, a prototype of another arity left
 * beside a kernel (NVIDIA's cdpAdvancedQuicksort has one), never defined
 * anywhere, became a launcher whose registration named it, and the program
 * did not link. */
void cdpl_keep_callable(const cdpl_model *model, size_t nargs, size_t *functions, size_t *count);

/* Adds to *found (grown by cdpl_append alone) the main file's kernels
 * spelled `name` (`length` bytes) that it does not hold yet; false when out
 * of memory. */
bool cdpl_add_kernels_named(cdpl_context *context, const char *name, size_t length, size_t **found, size_t *count);

bool cdpl_is_function_kind(enum CXCursorKind kind);

/* Facts found outside an AST walk (see device_only_code.c); both ignore repeats. */
void cdpl_add_builtin_ref(cdpl_context *context, size_t function, cdpl_range range);
void cdpl_add_callee(cdpl_context *context, size_t caller, size_t callee);
/* A part of the body that its local variables may not reach (cdpl_function.closed_ranges). */
void cdpl_add_closed_range(cdpl_context *context, size_t function, cdpl_range range);

#endif
