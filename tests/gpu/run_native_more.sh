#!/bin/bash
# Builds the CDP2 programs given (default: the tests added after run_native.sh,
# and tests/gpu_lowered_only/*.cu) natively (nvcc -rdc=true -arch=sm_90 -O2
# --extended-lambda ... -lcudadevrt) and runs each RUNS times, checking that
# its stdout is the same every time. Programs under tests/gpu_lowered_only are
# expected to fail natively (beyond native CDP2's limits): their result is
# logged, not counted.
# With LOWERED_BIN=DIR, DIR/NAME (a lowered build) is run once too and its
# stdout compared with the native one.
# A program is FILE.cu (named FILE), a directory (named after it: every .cu
# file under it, linked together) or NAME=FILE.cu or NAME=DIRECTORY (named
# NAME, as its build target is, e.g. bench_quicksort=bench/quicksort/quicksort.cu).
# Usage: tests/gpu/run_native_more.sh OUTDIR [RUNS] [PROGRAM...]  (from the repository root)
# Writes OUTDIR/native.log and OUTDIR/native_stdout.txt (first run's stdout of
# each program, in the format of tests/gpu/native_stdout.h100.txt).
set -u
out=${1:?usage: run_native_more.sh OUTDIR [RUNS] [PROGRAM...]}
runs=${2:-3}
shift; [ $# -gt 0 ] && shift
if [ $# -gt 0 ]; then
    srcs="$*"
else
    srcs="tests/gpu/event_orders_work_across_streams.cu
          tests/gpu/event_on_tail_or_fire_and_forget_stream_is_invalid.cu
          tests/gpu/device_memcpy_memset_async_in_stream_order.cu
          tests/gpu/pending_launch_limit_fails_visibly.cu
          tests/gpu/fault_in_descendant_reaches_host.cu
          tests/gpu/named_stream_shared_across_blocks.cu
          tests/gpu/struct_and_large_parameters.cu
          $(ls tests/gpu_lowered_only/*.cu)"
fi
mkdir -p "$out"
bin=$(mktemp -d)
log="$out/native.log"
: >"$log"
: >"$out/native_stdout.txt"
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvcc --version | tail -1; } >>"$log" 2>&1
program_name() {
    case $1 in
    *=*) echo "${1%%=*}" ;;
    *) basename "${1%/}" .cu ;;
    esac
}
# --extended-lambda lets the programs that need it build (launch_in_device_lambda
# has __device__ lambdas in host code); it changes nothing for the others.
nvcc_flags=(-rdc=true -arch=sm_90 -O2 --extended-lambda)
# A directory's files are compiled one by one, as their names may repeat in
# subdirectories, then linked with the device linker.
build_native() {
    if [ -d "$2" ]; then
        mkdir -p "$bin/$1.objects"
        i=0
        for source in $(find "$2" -name '*.cu' | sort); do
            i=$((i + 1))
            nvcc "${nvcc_flags[@]}" -c "$source" -o "$bin/$1.objects/$i.o" || return 1
        done
        nvcc "${nvcc_flags[@]}" "$bin/$1.objects"/*.o -o "$bin/$1" -lcudadevrt
    else
        nvcc "${nvcc_flags[@]}" "$2" -o "$bin/$1" -lcudadevrt
    fi
}
for f in $srcs; do
    n=$(program_name "$f")
    ( build_native "$n" "${f#*=}" >"$bin/$n.build" 2>&1 ) &
done
wait
fail=0
for f in $srcs; do
    n=$(program_name "$f")
    case "$f" in *gpu_lowered_only*) counted=0 ;; *) counted=1 ;; esac
    echo "===== $n$([ $counted = 0 ] && echo ' (lowered only: native result not counted)')" >>"$log"
    if [ ! -x "$bin/$n" ]; then
        echo "BUILD FAILED" >>"$log"; cat "$bin/$n.build" >>"$log"; fail=1; continue
    fi
    for i in $(seq 1 "$runs"); do
        timeout 60 "$bin/$n" >"$bin/$n.out$i" 2>"$bin/$n.err$i"
        rc=$?
        echo "--- run $i rc=$rc stderr: $(tr '\n' ' ' <"$bin/$n.err$i" | cut -c1-600)" >>"$log"
        [ "$rc" = 0 ] || [ $counted = 0 ] || fail=1
        if [ "$i" = 1 ]; then
            cat "$bin/$n.out1" >>"$log"
            [ $counted = 1 ] && { echo "===== $n"; cat "$bin/$n.out1"; } >>"$out/native_stdout.txt"
        elif ! cmp -s "$bin/$n.out1" "$bin/$n.out$i"; then
            echo "STDOUT DIFFERS from run 1:" >>"$log"; diff "$bin/$n.out1" "$bin/$n.out$i" >>"$log"
            [ $counted = 0 ] || fail=1
        fi
    done
    if [ -n "${LOWERED_BIN:-}" ] && [ -x "$LOWERED_BIN/$n" ]; then
        timeout 60 "$LOWERED_BIN/$n" >"$bin/$n.low" 2>"$bin/$n.lowerr"
        rc=$?
        echo "--- lowered rc=$rc stderr: $(tr '\n' ' ' <"$bin/$n.lowerr" | cut -c1-600)" >>"$log"
        if [ $counted = 0 ]; then
            cat "$bin/$n.low" >>"$log"
        elif cmp -s "$bin/$n.out1" "$bin/$n.low"; then
            echo "lowered stdout: same as native" >>"$log"
        else
            echo "lowered stdout DIFFERS from native:" >>"$log"; diff "$bin/$n.out1" "$bin/$n.low" >>"$log"
        fi
    fi
done
echo "===== overall: $([ $fail = 0 ] && echo all passed, stdout stable || echo FAILURES)" >>"$log"
exit $fail
