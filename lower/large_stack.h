/* Running an input's analysis where deeply nested code cannot kill the
 * process. libclang parses on a thread of its own with an 8 MiB stack and
 * no guard against overflowing it: code nested a few thousand levels deep
 * (unbraced ifs, unary operators, long operator chains), which nvcc
 * compiles, crashes it. */
#ifndef CDPL_LARGE_STACK_H
#define CDPL_LARGE_STACK_H

/* Returns job(argument), run on a thread with a 256 MiB stack, with libclang
 * told to parse on the calling thread (LIBCLANG_NOTHREADS) so that its
 * parses get that stack too. Should even that stack overflow, the process
 * cannot go on safely: it prints `<file>:1:1: error: ...` on stderr and
 * exits with status 1. Without the memory for the stack, runs job as it is. */
int cdpl_run_on_large_stack(int (*job)(void *), void *argument, const char *file);

#endif
