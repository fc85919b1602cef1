#!/bin/sh
# usage: one_bad_input_writes_nothing_for_it.sh CDP_LOWER INPUTS_DIR
# With --out-dir each input is all or nothing on its own: a good and a bad
# input exit 1, the good one is written, the bad one is not (no temporary
# file either), and the bad one's diagnostics name it.
lower=$1 inputs=$2
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
"$lower" "$inputs/bad.cu" "$inputs/good_a.cu" --out-dir "$work/out" 2>"$work/stderr"
status=$?
[ $status -eq 1 ] || { echo "FAIL: exit status $status, expected 1"; exit 1; }
[ -f "$work/out/good_a.cu" ] || { echo "FAIL: the good input was not written"; exit 1; }
grep -q 'cdpl_launch_' "$work/out/good_a.cu" || { echo "FAIL: the good input is not lowered"; exit 1; }
[ ! -e "$work/out/bad.cu" ] || { echo "FAIL: the bad input was written"; exit 1; }
[ "$(ls -A "$work/out")" = "good_a.cu" ] || { echo "FAIL: files left behind: $(ls -A "$work/out")"; exit 1; }
grep -q 'bad.cu:7:5: error:' "$work/stderr" || { echo "FAIL: no diagnostic for bad.cu:"; cat "$work/stderr"; exit 1; }
