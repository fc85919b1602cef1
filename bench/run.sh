#!/bin/bash
# Runs the benchmark suite: for every workload, its native, lowered and flat
# builds (bench_<name>.native / .lowered / .flat, found under BUILD_DIR),
# RUNS times each (default 3), taking the median of the `time_ms:` line each
# prints to stderr. Checks that every native and lowered run exits 0 and that
# the lowered stdout is identical to the native stdout (and stable across
# runs); flat runs must exit 0. Lowered runs get CDPL_STATS=1, so the runtime
# prints its counters to stderr at exit (cdpl_waves, cdpl_physical_launches,
# cdpl_peak_records, cdpl_peak_record_bytes, cdpl_device_bytes; taken from the
# first run). Where a workload has a floor build (bench_<name>.floor: its
# grids' bodies back to back in one block, for a workload whose order
# serializes them), it runs too and gets a row in a second table; it must
# exit 0.
#
# Usage: bench/run.sh BUILD_DIR OUT_DIR [RUNS]
# Writes OUT_DIR/benchmarks.md (GPU, driver, CUDA, the table, the geometric
# mean of native/lowered), OUT_DIR/ratios.dat (for bench/plot.gp) and
# OUT_DIR/logs/ (every run's stdout and stderr). Exit status 1 if any check
# failed or a binary is missing.
set -u
build=${1:?usage: bench/run.sh BUILD_DIR OUT_DIR [RUNS]}
out=${2:?usage: bench/run.sh BUILD_DIR OUT_DIR [RUNS]}
runs=${3:-3}
workloads="tree_faf tree_null mandelbrot bfs quicksort quadtree few_large"
mkdir -p "$out/logs"
logs="$out/logs"

find_bin() { find "$build" -type f -name "$1" -perm -u+x 2>/dev/null | head -1; }
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else print v[int((NR + 1) / 2)] }'; }
# ratio A B: A / B with 2 decimals, "-" when either is missing or B is 0.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-" || b == "-" || b + 0 == 0) print "-"; else printf "%.2f\n", a / b }'; }
# mib BYTES: BYTES in MiB with 1 decimal, "-" when missing.
mib() { awk -v b="$1" 'BEGIN { if (b == "-") print "-"; else printf "%.1f\n", b / 1048576 }'; }
stat_of() { local v; v=$(sed -n "s/^$1: //p" "$2" 2>/dev/null | head -1); echo "${v:--}"; }

gpu=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1)
cuda=$(nvcc --version 2>/dev/null | tail -1)
fail=0
rows=""
floor_rows=""
printf '# workload native_ms lowered_ms flat_ms native_over_lowered lowered_over_flat\n' >"$out/ratios.dat"

# run_kind NAME KIND EXE: runs EXE RUNS times into $logs/NAME.KIND.{out,err}N;
# sets kind_ok (1 when every run exited 0) and kind_ms (median time_ms).
run_kind() {
    local name=$1 kind=$2 exe=$3 i rc times=""
    kind_ok=1 kind_ms="-"
    if [ -z "$exe" ]; then
        echo "$name.$kind: binary bench_$name.$kind not found under $build" >&2
        kind_ok=0
        return
    fi
    for i in $(seq 1 "$runs"); do
        if [ "$kind" = lowered ]; then
            CDPL_STATS=1 timeout 300 "$exe" >"$logs/$name.$kind.out$i" 2>"$logs/$name.$kind.err$i"
        else
            timeout 300 "$exe" >"$logs/$name.$kind.out$i" 2>"$logs/$name.$kind.err$i"
        fi
        rc=$?
        [ "$rc" = 0 ] || { kind_ok=0; echo "$name.$kind run $i: exit $rc" >&2; }
        times="$times $(sed -n 's/^time_ms: //p' "$logs/$name.$kind.err$i" | head -1)"
    done
    kind_ms=$(for t in $times; do echo "$t"; done | median)
}

for w in $workloads; do
    echo "== $w" >&2
    run_kind "$w" native "$(find_bin "bench_$w.native")"; native_ok=$kind_ok native_ms=$kind_ms
    run_kind "$w" lowered "$(find_bin "bench_$w.lowered")"; lowered_ok=$kind_ok lowered_ms=$kind_ms
    run_kind "$w" flat "$(find_bin "bench_$w.flat")"; flat_ok=$kind_ok flat_ms=$kind_ms

    same=yes
    if [ $native_ok = 1 ] && [ $lowered_ok = 1 ]; then
        for i in $(seq 1 "$runs"); do
            cmp -s "$logs/$w.native.out1" "$logs/$w.native.out$i" || same="no (native unstable)"
            cmp -s "$logs/$w.native.out1" "$logs/$w.lowered.out$i" || same=no
        done
        grep -qx 'RESULT: PASS' "$logs/$w.native.out1" || same="no (native FAIL)"
    else
        same="no (exit status)"
    fi
    [ "$same" = yes ] || { fail=1; echo "$w: native and lowered outputs differ or a run failed" >&2; }
    [ $flat_ok = 1 ] || fail=1
    flat_col=$flat_ms
    [ $flat_ok = 1 ] || flat_col="$flat_ms (FAIL)"

    nl=$(ratio "$native_ms" "$lowered_ms")
    lf=$(ratio "$lowered_ms" "$flat_ms")
    err1="$logs/$w.lowered.err1"
    waves=$(stat_of cdpl_waves "$err1")
    physical=$(stat_of cdpl_physical_launches "$err1")
    peak=$(stat_of cdpl_peak_records "$err1")
    peak_mib=$(mib "$(stat_of cdpl_peak_record_bytes "$err1")")
    device_mib=$(mib "$(stat_of cdpl_device_bytes "$err1")")
    launches=$(stat_of launches "$logs/$w.native.out1")
    rows="$rows| $w | $native_ms | $lowered_ms | $flat_col | $nl | $lf | $launches | $waves | $physical | $peak | $peak_mib | $device_mib | $same |
"
    printf '%s %s %s %s %s %s\n' "$w" "$native_ms" "$lowered_ms" "$flat_ms" "$nl" "$lf" >>"$out/ratios.dat"

    floor_exe=$(find_bin "bench_$w.floor")
    if [ -n "$floor_exe" ]; then
        run_kind "$w" floor "$floor_exe"
        [ $kind_ok = 1 ] || fail=1
        floor_col=$kind_ms
        [ $kind_ok = 1 ] || floor_col="$kind_ms (FAIL)"
        floor_rows="$floor_rows| $w | $floor_col | $(ratio "$native_ms" "$kind_ms") | $(ratio "$lowered_ms" "$kind_ms") |
"
    fi
done

geomean=$(awk '!/^#/ && $5 != "-" { s += log($5); n++ } END { if (n) printf "%.2f (over %d workloads)\n", exp(s / n), n; else print "-" }' "$out/ratios.dat")

{
    echo "# cdp-lower benchmarks"
    echo
    echo "- GPU, driver: ${gpu:-unknown}"
    echo "- CUDA: ${cuda:-unknown}"
    echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "- runs: each binary $runs times; times are the median of the \`time_ms\` each run prints (cudaEvents around the GPU work of one timed run, after a warm-up run)"
    echo
    echo "| workload | native ms | lowered ms | flat ms | native/lowered | lowered/flat | device launches | cdpl_waves | cdpl_physical_launches | cdpl_peak_records | peak queue MiB | allocated MiB | lowered stdout = native |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
    printf '%s' "$rows"
    echo
    echo "Geometric mean of native/lowered: $geomean"
    echo
    echo "native: nvcc -rdc=true with cudadevrt; lowered: cdp-lower, then nvcc without -rdc, linked with cdpl_rt;"
    echo "flat: a hand-written version without dynamic parallelism, the same algorithm (quicksort's: the same partitions, one host launch per level)."
    echo "device launches: device-side launches of one run, as the native program counts them."
    echo "The cdpl_* columns come from the lowered program's CDPL_STATS=1 report at exit, so they cover the whole"
    echo "process (the warm-up run and the timed run). peak queue MiB is cdpl_peak_record_bytes, the record pool's"
    echo "peak use; allocated MiB is cdpl_device_bytes, all the runtime's device memory (sized from the pending-launch limit)."
    if [ -n "$floor_rows" ]; then
        echo
        echo "| workload | floor ms | native/floor | lowered/floor |"
        echo "| --- | ---: | ---: | ---: |"
        printf '%s' "$floor_rows"
        echo
        echo "floor: where the workload's order serializes its grids, their bodies back to back in one block, with no"
        echo "launch (<name>_floor.cu): no runtime can run them faster, so native/floor is the most any lowering can gain."
    fi
} >"$out/benchmarks.md"
cat "$out/benchmarks.md"
exit $fail
