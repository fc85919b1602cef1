#!/bin/sh
# usage: build_lowered.sh clang CDP_LOWER CLANG CUDA_ROOT LIBCDPL_RT SOURCE.cu...
#        build_lowered.sh hip   CDP_LOWER HIPCC HIP_ARCH LIBCDPL_RT_HIP SOURCE.cu...
# Lowers each CDP2 program and compiles and links it with clang 19's CUDA
# mode (scripts/clang-cuda.sh) or with hipcc; each executable must carry GPU
# code for its platform. Exit 77 (skipped) where the compiler is missing.
# Each source's own directory is on the include path, as for nvcc.
toolchain=$1 lower=$2 compiler=$3 where=$4 runtime=$5
shift 5
if [ -z "$compiler" ] || [ ! -x "$compiler" ] || [ -z "$runtime" ]; then
    echo "no $toolchain compiler (or no runtime built for it): skipped"
    exit 77
fi
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
failed=0
for source in "$@"; do
    name=$(basename "$source" .cu)
    include=$(dirname "$source")
    target=cuda
    [ "$toolchain" = hip ] && target=hip
    if ! "$lower" --target=$target "$source" -o "$work/$name.cu"; then
        echo "FAIL $name: cdp-lower"; failed=1; continue
    fi
    if [ "$toolchain" = clang ]; then
        "$root/scripts/clang-cuda.sh" -o "$work/$name.o" --clang="$compiler" --cuda-path="$where" \
            "$work/$name.cu" -O2 -I"$root/rt/include" -I"$include" &&
        c++ "$work/$name.o" "$runtime" -L"$where/lib64" -lcudart_static -ldl -lrt -lpthread -o "$work/$name"
        section=.nv_fatbin
    else
        "$compiler" --offload-arch="$where" -std=c++17 -O2 -I"$root/rt/include" -I"$root/rt/include/cuda_on_hip" \
            -I"$include" -c "$work/$name.cu" -o "$work/$name.o" &&
        "$compiler" --offload-arch="$where" "$work/$name.o" "$runtime" -lpthread -o "$work/$name"
        section=.hip_fatbin
    fi
    if [ ! -x "$work/$name" ]; then
        echo "FAIL $name: compile or link"; failed=1
    elif ! objdump -h "$work/$name" | grep -q " $section "; then
        echo "FAIL $name: no $section section (no GPU code)"; failed=1
    else
        echo "ok $name"
    fi
done
exit $failed
