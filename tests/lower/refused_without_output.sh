#!/bin/sh
# usage: refused_without_output.sh CDP_LOWER INPUT.cu
# An input that cannot be lowered must exit 1 and leave no output file.
lower=$1 input=$2
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
"$lower" "$input" -o "$work/out.cu" 2>/dev/null
status=$?
[ $status -eq 1 ] || { echo "FAIL: exit status $status, expected 1"; exit 1; }
[ ! -e "$work/out.cu" ] || { echo "FAIL: an output file was written"; exit 1; }
[ -z "$(ls -A "$work")" ] || { echo "FAIL: files left behind: $(ls -A "$work")"; exit 1; }
