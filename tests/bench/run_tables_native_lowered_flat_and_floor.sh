#!/bin/bash
# usage: run_tables_native_lowered_flat_and_floor.sh REPO
# bench/run.sh over fake benchmark binaries (shell scripts that print what
# the real ones print): the table's times are medians, the ratios and the
# geometric mean follow from them, the cdpl_* columns come from the lowered
# run's CDPL_STATS report, and a lowered stdout that differs from the
# native one fails the run and says "no". A workload with a floor build,
# and only such a one, gets a row in the floors table.
repo=$1
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; [ -f "$work/out/benchmarks.md" ] && cat "$work/out/benchmarks.md"; exit 1; }

# fake NAME KIND MS... : bench_NAME.KIND prints the next time of the list on
# each run (a counter file), and what its kind prints.
fake() {
    local name=$1 kind=$2 exe="$work/build/bench_$1.$2"
    shift 2
    {
        echo '#!/bin/bash'
        echo "times=($*)"
        echo "count=\$(cat '$exe.count' 2>/dev/null || echo 0); echo \$((count + 1)) >'$exe.count'"
        echo 'echo "time_ms: ${times[$count]}" >&2'
        [ "$kind" = flat ] || [ "$kind" = floor ] && echo 'echo "RESULT: PASS"; exit 0'
        echo 'echo "launches: 40"; echo "RESULT: PASS"'
        if [ "$kind" = lowered ]; then
            echo '[ -n "${CDPL_STATS:-}" ] && printf "cdpl_waves: 5\ncdpl_physical_launches: 7\ncdpl_peak_records: 300\ncdpl_peak_record_bytes: 1048576\ncdpl_device_bytes: 3145728\n" >&2'
            [ "$name" = bfs ] && echo 'echo "an extra line the native run does not print"'
        fi
        echo 'exit 0'
    } >"$exe"
    chmod +x "$exe"
}
mkdir -p "$work/build"
for w in tree_faf tree_null mandelbrot bfs quicksort quadtree few_large; do
    fake $w native 9.000 8.000 30.000
    fake $w lowered 2.000 4.000 1.000
    fake $w flat 1.000 1.000 1.000
done
fake tree_null floor 0.500 0.250 0.500

PATH="/usr/bin:/bin" bash "$repo/bench/run.sh" "$work/build" "$work/out" 3 >"$work/stdout" 2>"$work/stderr"
status=$?
[ $status -eq 1 ] || fail "bfs's lowered output differs: expected exit status 1, got $status"
grep -q 'bfs: native and lowered outputs differ' "$work/stderr" || fail "no message for bfs"
table="$work/out/benchmarks.md"
# medians: native 9, lowered 2, flat 1
grep -qxF '| tree_faf | 9.000 | 2.000 | 1.000 | 4.50 | 2.00 | 40 | 5 | 7 | 300 | 1.0 | 3.0 | yes |' "$table" ||
    fail "tree_faf's row"
grep -qxF '| bfs | 9.000 | 2.000 | 1.000 | 4.50 | 2.00 | 40 | 5 | 7 | 300 | 1.0 | 3.0 | no |' "$table" ||
    fail "bfs's row must say no"
grep -qxF 'Geometric mean of native/lowered: 4.50 (over 7 workloads)' "$table" || fail "geometric mean"
[ "$(grep -c '^few_large 9.000 2.000 1.000 4.50 2.00$' "$work/out/ratios.dat")" = 1 ] || fail "ratios.dat"
# medians: native 9, lowered 2, floor 0.5
grep -qxF '| tree_null | 0.500 | 18.00 | 4.00 |' "$table" || fail "tree_null's floor row"
[ "$(grep -c '^| [a-z_]* | [0-9.]* | [0-9.]* | [0-9.]* |$' "$table")" = 1 ] || fail "one floor row only"
header=$(grep -m1 '^| workload' "$table" | tr -cd '|' | wc -c)
rule=$(grep -m1 '^| ---' "$table" | tr -cd '|' | wc -c)
[ "$header" = "$rule" ] || fail "header has $header bars, rule $rule"
exit 0
