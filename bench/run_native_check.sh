#!/bin/bash
# Builds every benchmark natively, without cdp-lower: each CDP2 program
# <name>/<name>.cu with nvcc -rdc=true ... -lcudadevrt and each flat version
# <name>/<name>_flat.cu with plain nvcc; runs each RUNS times (default 3),
# checks that every run exits 0 with RESULT: PASS and that its stdout is the
# same every time, and reports the median time_ms of each.
# Usage: bench/run_native_check.sh OUTDIR [RUNS]   (from the repository root)
# Writes OUTDIR/native_check.log (everything: stdout of the first run, stderr
# and status of every run) and OUTDIR/native_check.md (the table).
set -u
out=${1:?usage: bench/run_native_check.sh OUTDIR [RUNS]}
runs=${2:-3}
here=$(cd "$(dirname "$0")" && pwd)
workloads="tree_faf tree_null mandelbrot bfs quicksort quadtree few_large"
arch=${CDPL_CUDA_ARCH:-90}
mkdir -p "$out"
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
log="$out/native_check.log"
table="$out/native_check.md"
: >"$log"
{
    echo "GPU, driver: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1 | head -1)"
    echo "CUDA: $(nvcc --version | tail -1)"
} >>"$log"

for w in $workloads; do
    ( nvcc -rdc=true -arch=sm_$arch -O2 "$here/$w/$w.cu" -o "$bin/$w.native" -lcudadevrt \
        >"$bin/$w.native.build" 2>&1 ) &
    ( nvcc -arch=sm_$arch -O2 "$here/$w/${w}_flat.cu" -o "$bin/$w.flat" >"$bin/$w.flat.build" 2>&1 ) &
done
wait

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else print v[int((NR + 1) / 2)] }'; }

fail=0
{
    echo "| workload | native ms (median of $runs) | flat ms (median of $runs) | native runs | flat runs | launches | launch failures |"
    echo "| --- | ---: | ---: | --- | --- | ---: | ---: |"
} >"$table"
for w in $workloads; do
    row_native="-" row_flat="-" times_native="" times_flat="" launches="-" failures="-"
    for kind in native flat; do
        exe="$bin/$w.$kind"
        echo "===== $w.$kind" >>"$log"
        if [ ! -x "$exe" ]; then
            echo "BUILD FAILED" >>"$log"; cat "$bin/$w.$kind.build" >>"$log"; fail=1; continue
        fi
        ok=1
        for i in $(seq 1 "$runs"); do
            start=$(date +%s%N)
            timeout 120 "$exe" >"$bin/$w.$kind.out$i" 2>"$bin/$w.$kind.err$i"
            rc=$?
            wall=$(( ($(date +%s%N) - start) / 1000000 ))
            echo "--- run $i rc=$rc wall ${wall} ms stderr: $(tr '\n' ' ' <"$bin/$w.$kind.err$i")" >>"$log"
            if [ "$rc" != 0 ] || ! grep -qx 'RESULT: PASS' "$bin/$w.$kind.out$i"; then ok=0; fi
            if [ "$i" = 1 ]; then
                cat "$bin/$w.$kind.out1" >>"$log"
            elif ! cmp -s "$bin/$w.$kind.out1" "$bin/$w.$kind.out$i"; then
                echo "STDOUT DIFFERS from run 1:" >>"$log"
                diff "$bin/$w.$kind.out1" "$bin/$w.$kind.out$i" >>"$log"; ok=0
            fi
        done
        [ $ok = 1 ] || fail=1
        times=$(for i in $(seq 1 "$runs"); do sed -n 's/^time_ms: //p' "$bin/$w.$kind.err$i"; done | tr '\n' ' ')
        med=$(for t in $times; do echo "$t"; done | median)
        status=$([ $ok = 1 ] && echo "PASS, stable" || echo FAIL)
        if [ $kind = native ]; then
            row_native=$med times_native="$times($status)"
            launches=$(sed -n 's/^launches: //p' "$bin/$w.native.out1")
            failures=$(sed -n 's/^launch_failures: //p' "$bin/$w.native.out1")
        else
            row_flat=$med times_flat="$times($status)"
        fi
    done
    echo "| $w | $row_native | $row_flat | $times_native | $times_flat | ${launches:--} | ${failures:--} |" >>"$table"
done
echo "===== overall: $([ $fail = 0 ] && echo all passed, stdout stable || echo FAILURES)" >>"$log"
cat "$table" >>"$log"
cat "$table"
exit $fail
