#!/bin/sh
# usage: depfile_lists_included_headers.sh CDP_LOWER INPUTS_DIR
# --depfile=FILE writes "OUTPUT: INPUT HEADERS..." with every header the
# input includes, nested ones too, blanks escaped as make and Ninja read
# them, and an empty rule per header; with --out-dir, one rule per output.
# make rebuilds from it when a header changes. A refused input writes no
# dependency file, and --depfile without an output file is a usage error.
lower=$1 inputs=$2
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cp -R "$inputs/launch_if_defined.cu" "$inputs/good_a.cu" "$inputs/bad.cu" "$inputs/include dir" "$work/" || exit 1
cd "$work" || exit 1

"$lower" launch_if_defined.cu -o out.cu --depfile=out.d -- -I "include dir" -DUSE_LAUNCH || fail "exit status $?"
head -n 1 out.d | grep -q -x -F 'out.cu: launch_if_defined.cu \' || { head -n 3 out.d; fail "the rule does not start with the output and the input"; }
for header in launch_config.cuh launch_limits.cuh; do
    grep -q -x -F "  $work/include\\ dir/$header \\" out.d || grep -q -x -F "  $work/include\\ dir/$header" out.d ||
        fail "$header is not listed (escaped) in the rule"
    grep -q -x -F "$work/include\\ dir/$header:" out.d || fail "$header has no empty rule"
done
grep -q '/cuda_runtime.h \\$' out.d || fail "the CUDA headers included through clang's wrapper are not listed"

# make reads it: an edited header makes the output out of date.
printf 'include out.d\nout.cu:\n\t@echo relower\n' >Makefile
touch -d '2001-01-01' launch_if_defined.cu "include dir/launch_config.cuh" "include dir/launch_limits.cuh"
touch -d '1 minute ago' out.cu
[ -z "$(make -s out.cu)" ] || fail "make: out.cu out of date although nothing changed"
touch "include dir/launch_limits.cuh"
[ "$(make -s out.cu)" = relower ] || fail "make: an edited nested header did not make out.cu out of date"

"$lower" good_a.cu launch_if_defined.cu --out-dir lowered --depfile=both.d -- -I "include dir" || fail "--out-dir: exit status $?"
grep -q -x -F 'lowered/good_a.cu: good_a.cu \' both.d || fail "--out-dir: no rule for lowered/good_a.cu"
grep -q -x -F 'lowered/launch_if_defined.cu: launch_if_defined.cu \' both.d || fail "--out-dir: no rule for the second output"

"$lower" bad.cu -o bad_out.cu --depfile=bad.d 2>/dev/null
[ $? -eq 1 ] || fail "a refused input: expected exit status 1"
[ ! -e bad.d ] || fail "a refused input wrote a dependency file"

for args in "good_a.cu --depfile=x.d" "good_a.cu -o - --depfile=x.d" "--check good_a.cu --depfile x.d" \
            "good_a.cu --inplace=.orig --depfile=x.d" "good_a.cu -o y.cu --depfile="; do
    # shellcheck disable=SC2086 # the arguments are split on purpose
    "$lower" $args >/dev/null 2>&1
    status=$?
    [ $status -eq 2 ] || fail "$args: exit status $status, expected 2"
done
[ ! -e x.d ] && [ ! -e y.cu ] || fail "a usage error wrote something"
exit 0
