#!/bin/bash
# usage: scripts/compute-sanitizer-all.sh BUILD_DIR OUT_DIR [JOBS]
# On a GPU machine: runs compute-sanitizer's memcheck, racecheck and
# synccheck on every lowered program of BUILD_DIR (samples, GPU tests, fuzz
# regressions; not the benchmarks), JOBS at a time (default 6), at most
# CDPL_SANITIZER_TIMEOUT seconds each (default 300). memcheck runs with
# --leak-check full: device memory still allocated at exit is reported. The
# programs free their own, so a leak is the runtime's, except after a fault:
# fault_in_descendant_reaches_host also shows the runtime's allocations as
# leaked, since no CUDA call (cudaFree included) succeeds after a sticky error.
# Writes OUT_DIR/sanitize/PROGRAM.TOOL.log and OUT_DIR/sanitize/summary.txt
# (one line a run: program, tool, exit status, seconds, the tool's summary)
# and prints the runs that did not exit 0. fault_in_descendant_reaches_host
# faults on purpose: memcheck reports its out-of-bounds access. The
# *_is_reported tests stop on purpose too (the runtime traps, then reports):
# every tool passes their exit status 1 on, and memcheck counts the trap.
# fire_and_forget_tree_spreads_over_the_gpu fails its own check under
# racecheck (at most 1 node at once, where it wants 4): its lowered nodes,
# blocks of one launch, ran one at a time under racecheck (H200), while its
# native nodes, grids of their own, still ran side by side under it.
set -u
build=$1 out=$2 jobs=${3:-6}
mkdir -p "$out/sanitize"
run_one() { # PROGRAM TOOL
    name=$(basename "$1")
    environment=
    case $name in record_pool_runs_out_visibly.*) environment=CDPL_RECORD_POOL=100 ;; esac
    start=$(date +%s)
    leak_check=
    [ "$2" = memcheck ] && leak_check="--leak-check full"
    env $environment timeout "${CDPL_SANITIZER_TIMEOUT:-300}" compute-sanitizer --tool "$2" $leak_check \
        --error-exitcode 99 "$1" \
        >"$out/sanitize/$name.$2.log" 2>&1
    status=$?
    echo "$name $2 exit=$status $(($(date +%s) - start))s" \
         "$(grep -h 'ERROR SUMMARY\|RACECHECK SUMMARY\|LEAK SUMMARY' "$out/sanitize/$name.$2.log" | tr '\n' ' ')"
}
export -f run_one
export out
find "$build" -type f -executable -name '*.lowered' ! -name 'bench_*' | sort >"$out/sanitize/programs"
for tool in memcheck racecheck synccheck; do sed "s/\$/ $tool/" "$out/sanitize/programs"; done |
    xargs -P "$jobs" -L 1 bash -c 'run_one "$0" "$1"' | sort >"$out/sanitize/summary.txt"
echo "compute-sanitizer runs: $(wc -l <"$out/sanitize/summary.txt"); not exit 0: $(grep -vc ' exit=0 ' "$out/sanitize/summary.txt")"
grep -v ' exit=0 ' "$out/sanitize/summary.txt"
exit 0
