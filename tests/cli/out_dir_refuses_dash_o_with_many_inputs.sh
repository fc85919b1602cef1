#!/bin/sh
# usage: out_dir_refuses_dash_o_with_many_inputs.sh CDP_LOWER INPUTS_DIR
# -o names one output: with several inputs it is a usage error (exit 2), as
# are -o with --out-dir, several inputs with neither, and two inputs of the
# same file name in one --out-dir. Nothing is written in any case.
lower=$1 inputs=$2
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
mkdir "$work/other" && cp "$inputs/good_a.cu" "$work/other/" || exit 1
expect_usage_error() { # WHAT MESSAGE ARGS...
    what=$1 message=$2
    shift 2
    "$lower" "$@" >"$work/stdout" 2>"$work/stderr"
    status=$?
    [ $status -eq 2 ] || { echo "FAIL: $what: exit status $status, expected 2"; exit 1; }
    grep -q -F -e "$message" "$work/stderr" || { echo "FAIL: $what: no '$message' in:"; cat "$work/stderr"; exit 1; }
    [ ! -s "$work/stdout" ] || { echo "FAIL: $what: wrote to standard output"; exit 1; }
}
expect_usage_error "-o with two inputs" "-o takes one input" \
    "$inputs/good_a.cu" "$inputs/good_b.cu" -o "$work/out.cu"
expect_usage_error "-o with --out-dir" "-o and --out-dir cannot be used together" \
    "$inputs/good_a.cu" -o "$work/out.cu" --out-dir "$work/dir"
expect_usage_error "two inputs, no output" "need --out-dir" "$inputs/good_a.cu" "$inputs/good_b.cu"
expect_usage_error "one file name twice" "would both be written to" \
    "$inputs/good_a.cu" "$work/other/good_a.cu" --out-dir "$work/dir"
[ ! -e "$work/out.cu" ] && [ ! -e "$work/dir" ] || { echo "FAIL: something was written"; exit 1; }
