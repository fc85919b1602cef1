#!/bin/sh
# usage: consumer_builds_against_install.sh BUILD_DIR CONSUMER_SOURCE WORK NVCC CUDA_ARCH GENERATOR
# `cmake --install BUILD_DIR` gives a package that a separate project finds
# with find_package(CdpLower) and uses with cdp_lower_target(): installs to
# WORK/prefix, moves the prefix (it must be relocatable), then configures and
# builds a copy of samples/consumer against it (the device-side launches
# are lowered at build time; nvcc compiles without -rdc). An up-to-date
# build lowers nothing; after an edit to the header the .cu includes, the
# next build lowers it again and recompiles. WORK/build/tree_sum is left for
# the GPU test.
build=$1 consumer=$2 work=$3 nvcc=$4 arch=$5 generator=$6
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work" && mkdir -p "$work" || exit 1

cmake --install "$build" --prefix "$work/installed" >"$work/install.log" || { cat "$work/install.log"; fail "cmake --install"; }
mv "$work/installed" "$work/prefix" || exit 1
prefix=$work/prefix
for file in bin/cdp-lower lib/libcdpl_rt.a include/cdpl/cdpl.cuh include/cdpl/cdpl_abi.h \
            share/cdp-lower/stubs/texture_fetch_functions.h share/man/man1/cdp-lower.1 \
            lib/cmake/CdpLower/CdpLowerConfig.cmake lib/cmake/CdpLower/CdpLowerConfigVersion.cmake \
            lib/cmake/CdpLower/CdpLowerBuild.cmake; do
    [ -f "$prefix/$file" ] || fail "not installed: $file"
done
"$prefix/bin/cdp-lower" --version | grep -q -x -F "runtime headers: $prefix/include/cdpl" ||
    fail "the moved tool does not use the moved prefix's headers: $("$prefix/bin/cdp-lower" --version)"

cp -R "$consumer" "$work/src" || exit 1
# Older than anything the builds write, so that only the edit below is news.
find "$work/src" -exec touch -d '1 hour ago' {} + || exit 1
cmake -S "$work/src" -B "$work/build" -G "$generator" -DCMAKE_PREFIX_PATH="$prefix" \
      -DCMAKE_CUDA_COMPILER="$nvcc" -DCMAKE_CUDA_ARCHITECTURES="$arch" >"$work/configure.log" 2>&1 ||
    { cat "$work/configure.log"; fail "configuring the consumer"; }
build_consumer() { # LOG
    cmake --build "$work/build" -v >"$work/$1" 2>&1 || { cat "$work/$1"; fail "building the consumer ($1)"; }
}
lowered=$work/build/cdp-lower/tree_sum/tree_sum.cu
lowers() { grep -q -F "$prefix/bin/cdp-lower $work/src/tree_sum.cu -o $lowered" "$work/$1"; }

build_consumer first.log
lowers first.log || fail "the first build did not lower tree_sum.cu with the installed tool"
grep -q 'cdpl_launch_sum_range' "$lowered" || fail "the built file is not lowered"
grep -q -e '-rdc=true\|--relocatable-device-code=true\|-dlink\|--device-c ' "$work/first.log" &&
    fail "built with separate compilation (-rdc) or a device link"
[ -x "$work/build/tree_sum" ] || fail "no tree_sum executable"

build_consumer unchanged.log
lowers unchanged.log && fail "an up-to-date build lowered again"

touch "$work/before_edit" || exit 1
sed -i 's/constexpr int kLeafSize = 1024;/constexpr int kLeafSize = 512;/' "$work/src/tree_sum.cuh"
grep -q 'kLeafSize = 512;' "$work/src/tree_sum.cuh" || fail "could not edit the header"
build_consumer header_edited.log
lowers header_edited.log || fail "editing the included header did not re-lower"
[ -n "$(find "$lowered" -newer "$work/before_edit")" ] || fail "the lowered file was not rewritten"
grep -q 'tree_sum.cu.o' "$work/header_edited.log" || fail "the lowered file was not recompiled"
exit 0
