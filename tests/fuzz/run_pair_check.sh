#!/bin/sh
# usage: run_pair_check.sh PROBE NATIVE LOWERED PYTHON CHECK_PY SPEC_DIR
# Runs a fuzz program built natively and lowered and compares the two runs
# with check.py against the programs' specs in SPEC_DIR. Exit 77 (skipped)
# where there is no GPU.
probe=$1 native=$2 lowered=$3 python=$4 check=$5 specs=$6
"$probe" || exit $?
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
timeout -k 5 300 "$native" >"$work/native.txt" 2>&1
echo "native: exit $?"
timeout -k 5 300 "$lowered" >"$work/lowered.txt" 2>&1
echo "lowered: exit $?"
"$python" "$check" "$specs" "$work/native.txt" "$work/lowered.txt"
