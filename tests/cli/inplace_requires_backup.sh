#!/bin/sh
# usage: inplace_requires_backup.sh CDP_LOWER INPUTS_DIR
# --inplace without a backup suffix is a usage error (exit 2), as is
# --inplace with -o, --out-dir or --check; in every case the input is left
# as it was and no backup or other file appears next to it.
lower=$1 inputs=$2
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
cp "$inputs/good_a.cu" "$work/good_a.cu" || exit 1
expect_usage_error() { # WHAT MESSAGE ARGS...
    what=$1 message=$2
    shift 2
    "$lower" "$@" >"$work/stdout" 2>"$work/stderr"
    status=$?
    [ $status -eq 2 ] || { echo "FAIL: $what: exit status $status, expected 2"; exit 1; }
    grep -q -F -e "$message" "$work/stderr" || { echo "FAIL: $what: no '$message' in:"; cat "$work/stderr"; exit 1; }
    cmp -s "$inputs/good_a.cu" "$work/good_a.cu" || { echo "FAIL: $what: the input was changed"; exit 1; }
    [ "$(ls -A "$work" | tr '\n' ' ')" = "good_a.cu stderr stdout " ] ||
        { echo "FAIL: $what: files appeared: $(ls -A "$work")"; exit 1; }
}
expect_usage_error "--inplace alone" "--inplace needs a backup suffix" --inplace "$work/good_a.cu"
expect_usage_error "--inplace=" "--inplace needs a backup suffix" --inplace= "$work/good_a.cu"
expect_usage_error "--inplace with -o" "cannot be used with -o or --out-dir" \
    --inplace=.orig "$work/good_a.cu" -o "$work/out.cu"
expect_usage_error "--inplace with --out-dir" "cannot be used with -o or --out-dir" \
    --inplace=.orig "$work/good_a.cu" --out-dir "$work/out"
expect_usage_error "--inplace with --check" "cannot be used with --inplace" --inplace=.orig --check "$work/good_a.cu"
