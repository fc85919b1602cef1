/* Friend declarations of kernels (`friend __global__ void k(Tree &);`, so
 * that the kernel reads a class's private members). A kernel that runs
 * through the runtime becomes a __device__ function, renamed where its
 * name becomes a host function: its friend declarations must say the
 * same, or nvcc refuses the lowered file (a `__global__` declaration of a
 * __device__ function), and the body would lose its friendship. */
#ifndef CDPL_FRIEND_KERNELS_H
#define CDPL_FRIEND_KERNELS_H

#include "context.h"

/* Fills each kernel's friend_globals and friend_names (model.h). */
void cdpl_find_friend_kernels(cdpl_context *context);

#endif
