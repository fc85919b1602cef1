#!/bin/sh
# Inputs and #includes that are not regular files: cdp-lower must refuse
# them at once (exit 1, an error, no output file), not wait on a FIFO that
# nobody writes or read a device that never ends.
# usage: non_regular_files_are_refused.sh CDP_LOWER
set -u
lower=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkfifo "$work/fifo.cu" "$work/fifo.cuh"
printf '#include "fifo.cuh"\n__global__ void k() {}\n' >"$work/includes_fifo.cu"
printf '__global__ void k() {}\n' >"$work/plain.cu"
failed=0

# expect_refused WHAT EXPECTED_ERROR CDP_LOWER_ARGUMENTS...
expect_refused() {
    what=$1 expected=$2
    shift 2
    rm -f "$work/out.cu"
    timeout -k 5 20 "$lower" "$@" -o "$work/out.cu" >"$work/stdout" 2>"$work/stderr" </dev/null
    status=$?
    if [ $status -ne 1 ] || ! grep -q "error: $expected" "$work/stderr" || [ -e "$work/out.cu" ]; then
        echo "FAIL: $what: exit status $status (expected 1), stderr:"
        cat "$work/stderr"
        [ -e "$work/out.cu" ] && echo "and an output file was written"
        failed=1
    fi
}

expect_refused "a FIFO as the input" "the input is not a regular file" "$work/fifo.cu"
expect_refused "/dev/zero as the input" "the input is not a regular file" /dev/zero
expect_refused "standard input as the input" "the input is not a regular file" /dev/stdin
expect_refused "an #include of a FIFO" "'fifo.cuh' ([^)]*) is a FIFO" "$work/includes_fifo.cu"
expect_refused "-include of a device" "'/dev/zero' is a character device" "$work/plain.cu" -- -include /dev/zero
exit $failed
