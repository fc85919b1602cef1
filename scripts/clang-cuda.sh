#!/bin/sh
# Compiles one CUDA file with clang's CUDA mode into a host object that
# carries its GPU code, without -fgpu-rdc, against a CUDA toolkit that clang
# does not know (CUDA 13 with clang 19).
#
# clang cannot finish that build alone: it calls the toolkit's `fatbinary`
# with `--image=profile=...`, an option CUDA 13's fatbinary no longer has. So
# each step runs here: per architecture, clang compiles the device side to
# PTX and ptxas assembles it; fatbinary (with its current --image3 option)
# packs the cubins and the PTX; clang compiles the host side with that
# fatbinary embedded (-fcuda-include-gpubinary), which registers the kernels
# as nvcc's code does. Link the object with the CUDA runtime, e.g.
#   c++ foo.o libcdpl_rt.a -L$CUDA/lib64 -lcudart_static -ldl -lrt -lpthread
#
# usage: clang-cuda.sh -o OUT.o [--arch=90[,80...]] [--cuda-path=DIR]
#                      [--clang=CLANG] [--depfile=FILE] SOURCE.cu [CLANG_FLAGS...]
# CLANG_FLAGS (-I, -D, -O2, -std=...) go to both sides.
set -eu

usage() {
    echo "usage: clang-cuda.sh -o OUT.o [--arch=90[,80...]] [--cuda-path=DIR] [--clang=CLANG]" \
         "[--depfile=FILE] SOURCE.cu [CLANG_FLAGS...]" >&2
    exit 2
}

out="" archs="90" cuda="/usr/local/cuda" clang="clang++-19" depfile="" source=""
while [ $# -gt 0 ] && [ -z "$source" ]; do
    case $1 in
    -o) [ $# -ge 2 ] || usage; out=$2; shift ;;
    --arch=*) archs=${1#--arch=} ;;
    --cuda-path=*) cuda=${1#--cuda-path=} ;;
    --clang=*) clang=${1#--clang=} ;;
    --depfile=*) depfile=${1#--depfile=} ;;
    -*) echo "clang-cuda.sh: unknown option $1" >&2; usage ;;
    *) source=$1 ;;
    esac
    shift
done
[ -n "$out" ] && [ -n "$source" ] || usage

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# clang 19's CUDA wrapper includes texture_fetch_functions.h, which CUDA 13
# removed; nothing the runtime or lowered code uses is in it.
mkdir "$work/stubs"
: >"$work/stubs/texture_fetch_functions.h"

common="-x cuda --cuda-path=$cuda -Wno-unknown-cuda-version -isystem $work/stubs"
images="" host_archs=""
for arch in $(echo "$archs" | tr ',;' '  '); do
    arch=${arch#sm_}
    host_archs="$host_archs --cuda-gpu-arch=sm_$arch"
    "$clang" $common --cuda-gpu-arch="sm_$arch" --cuda-device-only -S "$source" -o "$work/sm_$arch.ptx" "$@"
    "$cuda/bin/ptxas" -m64 --gpu-name "sm_$arch" "$work/sm_$arch.ptx" -o "$work/sm_$arch.cubin"
    images="$images --image3=kind=elf,sm=$arch,file=$work/sm_$arch.cubin"
    images="$images --image3=kind=ptx,sm=$arch,file=$work/sm_$arch.ptx"
done
"$cuda/bin/fatbinary" -64 --create "$work/gpu.fatbin" $images

dependencies=""
[ -z "$depfile" ] || dependencies="-MMD -MT $out -MF $depfile"
"$clang" $common $host_archs --cuda-host-only -Xclang -fcuda-include-gpubinary -Xclang "$work/gpu.fatbin" \
    $dependencies -c "$source" -o "$out" "$@"
