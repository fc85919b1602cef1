#!/bin/sh
# usage: compiles_without_rdc.sh CDP_LOWER NVCC RUNTIME_INCLUDE INPUT.cu
# Lowers INPUT.cu and compiles the result with nvcc in whole-program mode
# (no -rdc), which refuses any device-side launch left behind;
# --extended-lambda admits the inputs' __device__ lambdas.
lower=$1 nvcc=$2 include=$3 input=$4
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
"$lower" "$input" -o "$work/lowered.cu" || exit 1
"$nvcc" -arch=sm_90 --extended-lambda -c -I"$include" -I"$(dirname "$input")" "$work/lowered.cu" -o "$work/lowered.o"
