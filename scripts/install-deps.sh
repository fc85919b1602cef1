#!/bin/sh
# Installs what cdp-lower needs on Debian 12 and is missing: libclang 19,
# CMake, Python 3, and the other GPU compilers the toolchain tests build
# lowered programs with: clang 19 (CUDA mode) and hipcc with the HIP runtime
# (about 20 s more on a fresh machine). With --bench, also gnuplot, which
# draws the benchmark chart (bench/bench.sh). The CUDA toolkit cannot come
# from Debian's archive: it must already be at /usr/local/cuda (or on PATH).
set -e
missing=""
if [ "${1:-}" = --bench ]; then
    command -v gnuplot >/dev/null 2>&1 || missing="$missing gnuplot-nox"
elif [ $# -gt 0 ]; then
    echo "usage: scripts/install-deps.sh [--bench]" >&2
    exit 2
fi
[ -f /usr/lib/llvm-19/include/clang-c/Index.h ] || missing="$missing libclang-19-dev"
command -v llvm-config-19 >/dev/null 2>&1 || missing="$missing llvm-19-dev"
command -v clang++-19 >/dev/null 2>&1 || missing="$missing clang-19"
# ASan, UBSan and libFuzzer, for scripts/test-sanitized.sh.
[ -f /usr/lib/llvm-19/lib/clang/19/lib/linux/libclang_rt.fuzzer-x86_64.a ] || missing="$missing libclang-rt-19-dev"
command -v hipcc >/dev/null 2>&1 || missing="$missing hipcc"
[ -f /usr/include/hip/hip_runtime_api.h ] || missing="$missing libamdhip64-dev"
command -v cmake >/dev/null 2>&1 || missing="$missing cmake"
command -v python3 >/dev/null 2>&1 || missing="$missing python3"
command -v make >/dev/null 2>&1 || missing="$missing make"
if [ -n "$missing" ]; then
    echo "cdp-lower: installing$missing"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing >/dev/null
fi
if ! command -v nvcc >/dev/null 2>&1 && [ ! -x /usr/local/cuda/bin/nvcc ]; then
    echo "cdp-lower: the CUDA toolkit (nvcc) is missing: install CUDA 12 or 13 to /usr/local/cuda" >&2
    exit 1
fi
