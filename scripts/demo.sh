#!/bin/sh
# The main job, end to end on a bundled sample: install what is missing,
# build cdp-lower, lower samples/quicksort, show what changed, compile the
# lowered file with nvcc WITHOUT -rdc, and where a GPU is present run it next
# to the native CDP2 build and compare.
set -e
cd "$(dirname "$0")/.."
scripts/install-deps.sh
export PATH="$PATH:/usr/local/cuda/bin"
sample=${1:-samples/quicksort/quicksort.cu}
name=$(basename "$sample" .cu)
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)" --target cdp-lower cdpl_rt cdpl-gpu-probe
mkdir -p build/demo

echo "== lowering $sample"
build/lower/cdp-lower "$sample" -o "build/demo/$name.lowered.cu"
echo "== what was rewritten (diff -u original lowered)"
diff -u "$sample" "build/demo/$name.lowered.cu" || true

echo "== compiling the lowered file with nvcc, no -rdc, no cudadevrt"
nvcc -arch=sm_90 -O2 -Irt/include -I"$(dirname "$sample")" "build/demo/$name.lowered.cu" \
     build/rt/libcdpl_rt.a -lpthread -o "build/demo/$name.lowered"
echo "built build/demo/$name.lowered"

echo "== compiling the native CDP2 build (nvcc -rdc=true ... -lcudadevrt)"
nvcc -arch=sm_90 -O2 -rdc=true "$sample" -lcudadevrt -o "build/demo/$name.native"

if build/tests/cdpl-gpu-probe >/dev/null; then
    echo "== running both on the GPU"
    tests/run_pair.sh build/tests/cdpl-gpu-probe "build/demo/$name.native" "build/demo/$name.lowered"
else
    echo "== no GPU here: both builds are made; run build/demo/$name.native and build/demo/$name.lowered on a GPU machine"
fi
