#!/bin/bash
# The benchmark suite in one command, on a Debian machine with an NVIDIA GPU:
# installs what is missing (scripts/install-deps.sh --bench: gnuplot draws
# the chart), builds every workload native, lowered and flat (CMake, Release,
# in BUILD_DIR), runs them (bench/run.sh: RUNS runs each, prints the table),
# and, if every check held, puts the table and the chart into
# docs/benchmarks.md (bench/publish.sh, which keeps the notes written by
# hand). A machine that has the GPU but not libclang (the device tool's) runs
# bench/run.sh there and bench/publish.sh here instead (bench/README.md).
#
# Usage: bench/bench.sh [BUILD_DIR] [RUNS]   (defaults: build-bench, 3)
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$repo/build-bench}
runs=${2:-3}
workloads="tree_faf tree_null mandelbrot bfs quicksort quadtree few_large"
floors="tree_null"

"$repo/scripts/install-deps.sh" --bench
export PATH="$PATH:/usr/local/cuda/bin"
cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j"$(nproc)" --target cdpl-gpu-probe
# A run without a GPU would only fail later, workload after workload.
"$build/tests/cdpl-gpu-probe" || { echo "bench/bench.sh: no GPU here: nothing to measure" >&2; exit 1; }

targets=""
for w in $workloads; do targets="$targets bench_$w.native bench_$w.lowered bench_$w.flat"; done
for w in $floors; do targets="$targets bench_$w.floor"; done
# shellcheck disable=SC2086 # one target a word
cmake --build "$build" -j"$(nproc)" --target $targets

result=$build/bench-result
rm -rf "$result"
if ! "$repo/bench/run.sh" "$build" "$result" "$runs"; then
    echo "bench/bench.sh: a check failed (logs in $result/logs): docs/benchmarks.md left as it was" >&2
    exit 1
fi
"$repo/bench/publish.sh" "$result"
