#!/bin/sh
# The sanitized leg of the test suite: the tool, the analysis, the host
# runtime and the CPU tests built by clang 19 with AddressSanitizer and
# UBSan, every report fatal; the tool's CPU tests (analysis, lower, cli,
# bad_input), the host runtime's test, and a bounded run of the rewriting
# stage's fuzz target. No GPU program and nothing for nvcc is built.
# usage: scripts/test-sanitized.sh [BUILD_DIR]   (default build-sanitized)
set -e
cd "$(dirname "$0")/.."
build=${1:-build-sanitized}
scripts/install-deps.sh
export PATH="$PATH:/usr/local/cuda/bin"
cmake -S . -B "$build" -DCMAKE_C_COMPILER=clang-19 -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCDPL_BUILD_GPU_TESTS=OFF -DCDPL_SANITIZE=address,undefined -DCDPL_BUILD_FUZZER=ON >/dev/null
cmake --build "$build" -j"$(nproc)" --target cdp-lower cdpl-dump-model cdpl-quick-scan-cases cdpl-host-runtime-without-gpu \
    cdpl-fuzz-rewrite
# A sanitizer report exits 86, so no test that expects a refusal (exit
# status 1) can pass over one.
export ASAN_OPTIONS=exitcode=86:detect_leaks=1
export UBSAN_OPTIONS=exitcode=86:print_stacktrace=1
# What only nvcc checks (nvcc_*, bad_input_nvcc.*) is the other leg's.
ctest --test-dir "$build" --output-on-failure -j"$(nproc)" \
    -R '^(analysis|lower|lower_twice|refused_without_output|cli|bad_input|runtime_host|fuzz_rewrite)\.' \
    -E nvcc
