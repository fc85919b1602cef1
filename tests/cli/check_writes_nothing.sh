#!/bin/sh
# usage: check_writes_nothing.sh CDP_LOWER INPUTS_DIR
# --check analyses only: exit 0 for an input that can be lowered and 1,
# with its diagnostics, for one that cannot; nothing on standard output and
# no file written, even with -o.
lower=$1 inputs=$2
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
"$lower" --check "$inputs/good_a.cu" -o "$work/out.cu" >"$work/stdout" || fail "good input: exit status $?"
"$lower" --check "$inputs/bad.cu" >>"$work/stdout" 2>"$work/stderr"
[ $? -eq 1 ] || fail "bad input: expected exit status 1"
grep -q 'bad.cu:7:5: error:' "$work/stderr" || { cat "$work/stderr"; fail "no diagnostic for bad.cu"; }
[ ! -s "$work/stdout" ] || fail "something was written on standard output"
[ ! -e "$work/out.cu" ] || fail "-o was written"
exit 0
