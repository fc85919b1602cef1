#!/bin/sh
# Builds the clang GPU set: every sample and semantic GPU test of the current
# tree, lowered and compiled by clang 19's CUDA mode (no -fgpu-rdc), packed
# with a runner for a GPU machine that has nvcc but no clang, which builds the
# native CDP2 programs there and compares (docs/portability.md).
#
# usage: scripts/clang-gpu-set.sh [--with-bench] [BUILD_DIR]   (from the repository root)
#   BUILD_DIR     default build-clang-set; (re)configured here with
#                 CDPL_GPU_COMPILER=clang and CDPL_CUDA_ARCH (default 90)
#   --with-bench  the benchmarks' lowered programs too
#   JOBS          parallel compiles (default 2: clang's compiles of lowered
#                 files are slow and large)
# Writes .prelowered/clang/ (git-ignored):
#   programs.tar.xz  the stripped clang builds, one per program, named NAME
#   programs.tsv     NAME, pair|lowered, environment, native sources
#                    (scripts/clang_gpu_set_programs.py)
#   built_from.txt   commit, local changes, compilers
#   run.sh           scripts/clang-gpu-set-run.sh: on the GPU machine, from
#                    the repository root, `.prelowered/clang/run.sh OUT`
set -eu

with_bench="" build=build-clang-set
for arg in "$@"; do
    case $arg in
    --with-bench) with_bench=--with-bench ;;
    -*) echo "usage: scripts/clang-gpu-set.sh [--with-bench] [BUILD_DIR]" >&2; exit 2 ;;
    *) build=$arg ;;
    esac
done
jobs=${JOBS:-2}
arch=${CDPL_CUDA_ARCH:-90}
set_dir=.prelowered/clang
start=$(date +%s)

# The file API query makes CMake describe each target's sources: the native
# sources the GPU machine builds come from there.
mkdir -p "$build/.cmake/api/v1/query"
: >"$build/.cmake/api/v1/query/codemodel-v2"
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DCDPL_GPU_COMPILER=clang -DCDPL_CUDA_ARCH="$arch" \
    -DCDPL_BUILD_TOOL=ON -DCDPL_BUILD_GPU_TESTS=ON >"$build/clang-gpu-set.configure.log"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 scripts/clang_gpu_set_programs.py "$build" $with_bench >"$work/programs.tsv"
targets=$(cut -f1 "$work/programs.tsv" | sed 's/$/.lowered/')
echo "clang-gpu-set: building $(echo "$targets" | wc -l) lowered programs with clang (-j$jobs)"
cmake --build "$build" -j"$jobs" --target cdp-lower cdpl_rt $targets >"$build/clang-gpu-set.build.log" 2>&1 || {
    grep -E -B2 -A8 'error|Error' "$build/clang-gpu-set.build.log" | head -60 >&2
    echo "clang-gpu-set: build failed, see $build/clang-gpu-set.build.log" >&2
    exit 1
}

mkdir "$work/bin"
for name in $(cut -f1 "$work/programs.tsv"); do
    binary=$(find "$build" -path '*/CMakeFiles' -prune -o -type f -name "$name.lowered" -print)
    if [ -z "$binary" ] || [ "$(echo "$binary" | wc -l)" != 1 ]; then
        echo "clang-gpu-set: not one $name.lowered in $build: '$binary'" >&2; exit 1
    fi
    strip -o "$work/bin/$name" "$binary"
done

# Programs this build does not make with clang: lowered and compiled here as
# docs/portability.md shows by hand: each .cu file lowered on its own and
# compiled with its directory on the include path (for its relative
# includes), then all linked together.
cuda_root=$(dirname "$(sed -n 's/^CUDAToolkit_BIN_DIR:PATH=//p' "$build/CMakeCache.txt")")
clang=$(sed -n 's/^CDPL_CLANG_CUDA:FILEPATH=//p' "$build/CMakeCache.txt")
build_by_hand() { # NAME FILE.cu|DIRECTORY
    if grep -q "^$1$tab" "$work/programs.tsv"; then
        echo "clang-gpu-set: $1 is built by CMake now: drop its build by hand" >&2; exit 1
    fi
    mkdir -p "$work/$1"
    objects=""
    for source in $(find "$2" -name '*.cu' | sort); do
        stem=$(echo "${source#"$2"}" | sed 's|^/||; s|\.cu$||; s|/|.|g')
        lowered="$work/$1/$1${stem:+.$stem}.lowered.cu"
        "$build/lower/cdp-lower" "$source" -o "$lowered"
        scripts/clang-cuda.sh -o "${lowered%.cu}.o" --arch="$arch" --cuda-path="$cuda_root" --clang="$clang" \
            "$lowered" -O2 -I rt/include -I "$(dirname "$source")"
        objects="$objects ${lowered%.cu}.o"
    done
    c++ $objects "$build/rt/libcdpl_rt.a" -L"$cuda_root/lib64" -lcudart_static -ldl -lrt -lpthread \
        -o "$work/$1/$1"
    strip -o "$work/bin/$1" "$work/$1/$1"
    printf '%s\tpair\t-\t%s\n' "$1" "$2" >>"$work/programs.tsv"
}
tab=$(printf '\t')
# samples/consumer is a project of its own, built against an installed cdp-lower.
build_by_hand tree_sum samples/consumer/tree_sum.cu
# CMake builds a program of several files with nvcc only.
build_by_hand multi_file tests/gpu/multi_file

rm -rf "$set_dir.new"
mkdir -p "$set_dir.new"
# One large dictionary over all the programs: each carries the same static
# CUDA runtime and cdpl runtime, which xz then stores once (26 MB -> 2 MB).
tar -cf - -C "$work/bin" . | xz -9 -T1 >"$set_dir.new/programs.tar.xz"
cp "$work/programs.tsv" "$set_dir.new/programs.tsv"
cp scripts/clang-gpu-set-run.sh "$set_dir.new/run.sh"
chmod +x "$set_dir.new/run.sh"
{
    echo "commit: $(git rev-parse HEAD)"
    echo "local changes in the tree (git status --short):"
    git status --short | sed 's/^/  /'
    echo "clang: $("$clang" --version | head -1)"
    echo "CUDA: $("$cuda_root/bin/nvcc" --version | tail -1)"
    echo "architecture: sm_$arch; built $(date -u '+%Y-%m-%d %H:%M UTC')"
} >"$set_dir.new/built_from.txt"
rm -rf "$set_dir"
mv "$set_dir.new" "$set_dir"

echo "clang-gpu-set: $(wc -l <"$set_dir/programs.tsv") programs in $set_dir ($(du -sh "$set_dir" | cut -f1)," \
     "$(( $(date +%s) - start )) s)"
echo "on the GPU machine, from the repository root: $set_dir/run.sh OUT  (carry: $set_dir)"
