#!/bin/sh
# usage: errors_point_at_original_lines.sh CDP_LOWER NVCC RUNTIME_INCLUDE INPUT.cu [MESSAGE]
# Lowers INPUT (which has a deliberate error that only nvcc sees, enabled by
# -DCDPL_PLANTED_ERROR) and checks that nvcc reports it at INPUT's own line,
# after all the text the lowering inserted above it, saying MESSAGE if given.
lower=$1 nvcc=$2 include=$3 input=$4 message=$5
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
"$lower" "$input" -o "$work/lowered.cu" || exit 1
expected=$(grep -n 'PLANTED ERROR' "$input" | head -1 | cut -d: -f1)
"$nvcc" -arch=sm_90 -c -DCDPL_PLANTED_ERROR -I"$include" "$work/lowered.cu" -o "$work/lowered.o" 2>"$work/errors"
if grep "$(basename "$input")\", line $expected\|$(basename "$input")($expected)" "$work/errors" | grep -qF -- "$message"; then
    exit 0
fi
echo "FAIL: expected nvcc to report $(basename "$input") line $expected${message:+: $message}; it said:"
cat "$work/errors"
exit 1
