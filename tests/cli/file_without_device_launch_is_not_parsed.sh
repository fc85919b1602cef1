#!/bin/sh
# usage: file_without_device_launch_is_not_parsed.sh CDP_LOWER INPUTS_DIR
# A file whose device code holds nothing to lower comes out byte for byte,
# from a scan of its text and its user headers (analysis/quick_scan.c),
# without a parse: so host_with_cub.cu, which clang rejects, is not refused.
# Its dependency file still names the user headers it includes. A report
# needs the whole analysis, which parses it. Where a user header launches
# from the device, the file is parsed and lowered.
lower=$1 inputs=$2
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cp -R "$inputs/host_with_cub.cu" "$inputs/host_only" "$inputs/device_launch" "$work/" || exit 1
cd "$work" || exit 1

"$lower" host_with_cub.cu -o out.cu --depfile=out.d -- -I host_only || fail "exit status $?"
cmp -s host_with_cub.cu out.cu || fail "the output is not the input"
for header in helpers.cuh check.cuh; do
    grep -q -F "$work/host_only/$header" out.d || { cat out.d; fail "$header is not in the dependency file"; }
done
grep -q 'cub\.cuh' out.d && fail "the dependency file names a system header the scan does not read"

"$lower" --check host_with_cub.cu -- -I host_only || fail "--check: exit status $?"
touch -d '2001-01-01' host_with_cub.cu || exit 1
"$lower" --inplace=.orig host_with_cub.cu -- -I host_only || fail "--inplace: exit status $?"
[ ! -e host_with_cub.cu.orig ] || fail "--inplace saved a backup of an unchanged input"
[ "$(stat -c %Y host_with_cub.cu)" = "$(date -d '2001-01-01' +%s)" ] || fail "--inplace rewrote an unchanged input"

# Without CUB, which takes the parse seconds.
sed '/cub/d' host_with_cub.cu >host_only.cu || exit 1
"$lower" --report=json host_only.cu -- -I host_only >report.json 2>errors.txt
[ $? -eq 0 ] || fail "--report=json: the parse's error refused a file with nothing to lower"
grep -q 'only a compiler sees this' report.json || fail "--report=json: the parse's error is not reported"

sed '/static_assert/d' host_only.cu >launches.cu || exit 1
"$lower" launches.cu -o lowered.cu -- -I device_launch || fail "a device launch in a header: exit status $?"
grep -q 'cdpl_launch_fill(' lowered.cu || fail "the device launch in device_launch/helpers.cuh was not lowered"
exit 0
