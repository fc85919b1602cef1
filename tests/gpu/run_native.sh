#!/bin/bash
# Builds every CDP2 program of samples/quicksort, samples/mandelbrot and
# tests/gpu natively (nvcc -rdc=true -arch=sm_90 -O2 ... -lcudadevrt) and runs
# each RUNS times, checking that its stdout is the same every time.
# Usage: tests/gpu/run_native.sh OUTDIR [RUNS]   (run from the repository root)
# Writes OUTDIR/native.log (everything) and OUTDIR/native_stdout.txt (the
# stdout of each program's first run, for comparison with a lowered build).
set -u
out=${1:?usage: run_native.sh OUTDIR [RUNS]}
runs=${2:-3}
mkdir -p "$out"
bin=$(mktemp -d)
log="$out/native.log"
: >"$log"
: >"$out/native_stdout.txt"
srcs="samples/quicksort/quicksort.cu samples/mandelbrot/mandelbrot.cu $(ls tests/gpu/*.cu)"
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvcc --version | tail -1; } >>"$log" 2>&1
for f in $srcs; do
    n=$(basename "$f" .cu)
    ( nvcc -rdc=true -arch=sm_90 -O2 "$f" -o "$bin/$n" -lcudadevrt >"$bin/$n.build" 2>&1 ) &
done
wait
fail=0
for f in $srcs; do
    n=$(basename "$f" .cu)
    echo "===== $n" >>"$log"
    if [ ! -x "$bin/$n" ]; then
        echo "BUILD FAILED" >>"$log"; cat "$bin/$n.build" >>"$log"; fail=1; continue
    fi
    for i in $(seq 1 "$runs"); do
        timeout 60 "$bin/$n" >"$bin/$n.out$i" 2>"$bin/$n.err$i"
        rc=$?
        echo "--- run $i rc=$rc stderr: $(tr '\n' ' ' <"$bin/$n.err$i")" >>"$log"
        [ "$rc" = 0 ] || fail=1
        if [ "$i" = 1 ]; then
            cat "$bin/$n.out1" >>"$log"
            { echo "===== $n"; cat "$bin/$n.out1"; } >>"$out/native_stdout.txt"
        elif ! cmp -s "$bin/$n.out1" "$bin/$n.out$i"; then
            echo "STDOUT DIFFERS from run 1:" >>"$log"; diff "$bin/$n.out1" "$bin/$n.out$i" >>"$log"; fail=1
        fi
    done
done
if [ "${SANITIZE:-0}" = 1 ] && command -v compute-sanitizer >/dev/null; then
    for n in quicksort mandelbrot; do
        echo "===== compute-sanitizer memcheck $n" >>"$log"
        timeout 150 compute-sanitizer --tool memcheck "$bin/$n" >>"$log" 2>&1
        echo "rc=$?" >>"$log"
    done
fi
echo "===== overall: $([ $fail = 0 ] && echo all passed, stdout stable || echo FAILURES)" >>"$log"
exit $fail
