#!/bin/sh
# usage: entry_registers_fit_1024_threads.sh CDP_LOWER NVCC RUNTIME_INCLUDE INPUT.cu
# Lowers INPUT.cu, whose kernel takes at most 64 registers a thread natively
# (1024-thread blocks launch), compiles it without -rdc and checks with
# ptxas that every entry kernel takes at most 64 too: without bounds of its
# own, the entry of tests/gpu/register_heavy_kernel_runs_1024_thread_blocks.cu
# took 71 (ptxas 13.0, sm_90) and its 1024-thread launches failed.
lower=$1 nvcc=$2 include=$3 input=$4
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
"$lower" "$input" -o "$work/lowered.cu" || exit 1
"$nvcc" -arch=sm_90 -O3 -cubin -Xptxas -v -I"$include" -I"$(dirname "$input")" "$work/lowered.cu" \
    -o "$work/lowered.cubin" >"$work/ptxas.txt" 2>&1 || { cat "$work/ptxas.txt"; exit 1; }
# ptxas prints, per kernel, "Compiling entry function 'NAME' for ..." and
# later "Used N registers"; the entries' lines give "NAME N".
sed -n -e "s/.*Compiling entry function '\([^']*\)'.*/\1/p" -e 's/.*Used \([0-9]*\) registers.*/\1/p' \
    "$work/ptxas.txt" | paste - - | grep cdpl_entry_ >"$work/entries.txt"
cat "$work/entries.txt"
[ -s "$work/entries.txt" ] || { echo "no entry kernel in the ptxas output"; exit 1; }
if awk '$2 > 64 { found = 1 } END { exit !found }' "$work/entries.txt"; then
    echo "an entry kernel takes more than 64 registers: 1024-thread blocks cannot launch"
    exit 1
fi
