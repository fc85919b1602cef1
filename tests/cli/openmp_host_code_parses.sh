#!/bin/sh
# usage: openmp_host_code_parses.sh CDP_LOWER INPUTS_DIR
# Host code built with -Xcompiler -fopenmp (after `--` or in a compile
# command of -p) sees _OPENMP; omp.h is found where the host compiler keeps
# it, as nvcc's host compiler finds it, with -fopenmp or without: gcc, or
# the one -ccbin names (the compiler, or the directory holding it). GCC's
# omp.h says nothing: its GCC-only attribute is an error clang alone finds.
lower=$1
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cat >"$work/openmp.cu" <<'CU'
#include <omp.h>
#if !defined(__CUDA_ARCH__) && !defined(_OPENMP)
#error "the host side is built with OpenMP"
#endif
__global__ void child(int *p) { p[0] = 1; }
__global__ void parent(int *p) { child<<<1, 1>>>(p); }
int threads() { return omp_get_max_threads(); }
CU
lowers() { # ARGS...: succeeds when the output has a lowered launch and nothing was said
    "$lower" -o "$work/out.cu" "$@" 2>"$work/stderr" || { cat "$work/stderr"; fail "$*: exit status $?"; }
    [ ! -s "$work/stderr" ] || { cat "$work/stderr"; fail "$*: diagnostics"; }
    grep -q 'cdpl_launch_' "$work/out.cu"
}
lowers "$work/openmp.cu" -- -Xcompiler -fopenmp || fail "-Xcompiler -fopenmp"
lowers "$work/openmp.cu" -- -Xcompiler=-fPIC,-fopenmp || fail "-Xcompiler=-fPIC,-fopenmp"
lowers "$work/openmp.cu" -- --compiler-options -fopenmp || fail "--compiler-options -fopenmp"
"$lower" -o "$work/out.cu" "$work/openmp.cu" 2>"$work/stderr" && fail "without -fopenmp, _OPENMP was defined"
grep -q 'the host side is built with OpenMP' "$work/stderr" || { cat "$work/stderr"; fail "without -fopenmp: not the #error"; }
# A header that includes omp.h whatever the flags (as helpers of OpenMP
# programs do, under nvcc without -fopenmp too).
printf '#include "omp.h"\n__global__ void child(int *p) { p[0] = 1; }\n' >"$work/plain.cu"
printf '__global__ void parent(int *p) { child<<<1, 1>>>(p); }\n' >>"$work/plain.cu"
lowers "$work/plain.cu" || fail "without -fopenmp, omp.h was not found where gcc keeps it"

# A host compiler of its own, which keeps an omp.h of its own.
mkdir -p "$work/bin" "$work/include" || exit 1
printf '#define OWN_OMP_H 1\nint omp_get_max_threads(void);\n' >"$work/include/omp.h"
printf '#!/bin/sh\necho "%s/include"\n' "$work" >"$work/bin/gcc"
chmod +x "$work/bin/gcc" || exit 1
printf '#include <omp.h>\n#ifndef OWN_OMP_H\n#error "not the omp.h of -ccbin"\n#endif\n' >"$work/own.cu"
cat "$work/openmp.cu" >>"$work/own.cu"
lowers "$work/own.cu" -- -ccbin "$work/bin" -Xcompiler -fopenmp || fail "-ccbin DIR"
lowers "$work/own.cu" -- --compiler-bindir="$work/bin/gcc" -Xcompiler -fopenmp || fail "--compiler-bindir=COMPILER"

mkdir "$work/build" || exit 1
printf '[{"directory": "%s", "file": "own.cu", "command": "nvcc -ccbin bin -Xcompiler=-fopenmp -c own.cu"}]' \
    "$work" >"$work/build/compile_commands.json"
lowers -p "$work/build" "$work/own.cu" || fail "-p: -ccbin and -Xcompiler=-fopenmp of the compile command"
exit 0
