#!/bin/sh
# usage: lower_twice.sh CDP_LOWER INPUT.cu [unchanged]
# Lowering a lowered file must change nothing; with `unchanged`, lowering
# INPUT itself must change nothing either (it needs no lowering).
lower=$1 input=$2 mode=$3
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
"$lower" "$input" -o "$work/once.cu" || exit 1
if [ "$mode" = unchanged ]; then
    cmp "$input" "$work/once.cu" || { echo "FAIL: a file that needs no lowering was changed"; exit 1; }
fi
# The lowered file lives elsewhere: its #include lines find the input's headers through -I.
"$lower" "$work/once.cu" -o "$work/twice.cu" -I "$(dirname "$input")" || exit 1
cmp "$work/once.cu" "$work/twice.cu" || { echo "FAIL: lowering a lowered file changed it"; diff "$work/once.cu" "$work/twice.cu"; exit 1; }
