#!/bin/sh
# usage: out_dir_lowers_each_input.sh CDP_LOWER INPUTS_DIR
# `cdp-lower a.cu b.cu --out-dir DIR` writes DIR/a.cu and DIR/b.cu, each the
# same as lowering that input alone, creates DIR, and leaves the inputs alone.
lower=$1 inputs=$2
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
mkdir "$work/src" && cp "$inputs/good_a.cu" "$inputs/good_b.cu" "$work/src/" || exit 1
"$lower" "$work/src/good_a.cu" "$work/src/good_b.cu" --out-dir "$work/out"
status=$?
[ $status -eq 0 ] || { echo "FAIL: exit status $status, expected 0"; exit 1; }
for name in good_a.cu good_b.cu; do
    [ -f "$work/out/$name" ] || { echo "FAIL: $work/out/$name was not written"; exit 1; }
    cmp -s "$inputs/$name" "$work/src/$name" || { echo "FAIL: the input $name was changed"; exit 1; }
    "$lower" "$work/src/$name" -o "$work/alone.cu" || { echo "FAIL: lowering $name alone"; exit 1; }
    cmp -s "$work/alone.cu" "$work/out/$name" || { echo "FAIL: out/$name differs from lowering it alone"; exit 1; }
    grep -q 'cdpl_launch_' "$work/out/$name" || { echo "FAIL: out/$name is not lowered"; exit 1; }
done
[ "$(ls -A "$work/out" | tr '\n' ' ')" = "good_a.cu good_b.cu " ] ||
    { echo "FAIL: unexpected files in the output directory: $(ls -A "$work/out")"; exit 1; }
# The output directory must not be the inputs' own: that would overwrite them.
"$lower" "$work/src/good_a.cu" --out-dir "$work/src" 2>/dev/null
status=$?
[ $status -eq 2 ] || { echo "FAIL: writing over the input: exit status $status, expected 2"; exit 1; }
cmp -s "$inputs/good_a.cu" "$work/src/good_a.cu" || { echo "FAIL: the input was overwritten"; exit 1; }
