#!/bin/sh
# usage: run_pair.sh PROBE NATIVE LOWERED
# Runs a CDP program built natively and lowered; passes when both exit 0 and
# print the same standard output. Exit 77 (skipped) where there is no GPU.
probe=$1 native=$2 lowered=$3
"$probe" || exit $?
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT

run() {
    start=$(date +%s%N)
    "$1" >"$work/$2.out" 2>"$work/$2.err"
    status=$?
    end=$(date +%s%N)
    echo "$2: exit $status, wall $(( (end - start) / 1000000 )) ms $(grep -h '^time_ms' "$work/$2.err" | tr '\n' ' ')"
    return $status
}
run "$native" native; native_status=$?
run "$lowered" lowered; lowered_status=$?
if [ $native_status -ne 0 ] || [ $lowered_status -ne 0 ]; then
    echo "--- native stdout"; cat "$work/native.out"; echo "--- native stderr"; cat "$work/native.err"
    echo "--- lowered stdout"; cat "$work/lowered.out"; echo "--- lowered stderr"; cat "$work/lowered.err"
    exit 1
fi
if ! diff -u "$work/native.out" "$work/lowered.out"; then
    echo "FAIL: native and lowered outputs differ"
    exit 1
fi
cat "$work/lowered.out"
echo "PASS: same output native and lowered"
