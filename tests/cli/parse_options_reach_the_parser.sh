#!/bin/sh
# usage: parse_options_reach_the_parser.sh CDP_LOWER INPUTS_DIR
# --offload-arch= (and its synonym --cuda-gpu-arch=) choose what the
# device-side parse sees under __CUDA_ARCH__; --cuda-path= chooses the CUDA
# headers; -I/-D and clang options after `--` reach the parser. The flags
# after `--` may be those given to nvcc: nvcc's spellings are translated
# (the architecture, -I...) or dropped (what only nvcc, ptxas or the host
# compiler use), as for a compile command of -p; flags the translation does
# not know are clang's and reach the parser as written.
lower=$1 inputs=$2
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
lowers() { # ARGS...: succeeds when the output has a lowered launch
    "$lower" -o "$work/out.cu" "$@" || fail "$*: exit status $?"
    grep -q 'cdpl_launch_' "$work/out.cu"
}
lowers "$inputs/launch_for_sm80.cu" --offload-arch=sm_80 || fail "--offload-arch=sm_80 not used"
lowers "$inputs/launch_for_sm80.cu" --cuda-gpu-arch=sm_80 || fail "--cuda-gpu-arch=sm_80 not used"
lowers "$inputs/launch_for_sm80.cu" && fail "the default architecture is sm_80, so the test proves nothing"
lowers "$inputs/launch_if_defined.cu" -I "$inputs/include dir" -DUSE_LAUNCH || fail "-I and -D not used"
lowers "$inputs/launch_if_defined.cu" -- -I "$inputs/include dir" -DUSE_LAUNCH || fail "-I and -D after -- not used"
lowers "$inputs/launch_if_defined.cu" -- -I "$inputs/include dir" && fail "USE_LAUNCH is defined without -D"

lowers "$inputs/launch_if_defined.cu" -- --include-path "$inputs/include dir" --define-macro USE_LAUNCH \
    -Xcompiler -fPIC -Xcompiler=-fPIC,-Wall --compiler-options -fPIC --compiler-options=-fPIC -m64 \
    --default-stream per-thread -O3 -arch=sm_90 -gencode arch=compute_90,code=sm_90 -lineinfo \
    --expt-relaxed-constexpr --extended-lambda -dc -rdc=true -rdc true -Xptxas -v -G -cudart static \
    || fail "nvcc's flags were not all understood or dropped"
lowers "$inputs/launch_for_sm80.cu" -- -arch=sm_80 || fail "-arch=sm_80 after -- not used"
lowers "$inputs/launch_for_sm80.cu" -- -gencode arch=compute_80,code=sm_80 || fail "-gencode after -- not used"
lowers "$inputs/launch_for_sm80.cu" --offload-arch=sm_90 -- -arch=sm_80 &&
    fail "-arch after -- won over cdp-lower's own --offload-arch"
printf '#define USE_LAUNCH 1\n' >"$work/defines.h"
lowers "$inputs/launch_if_defined.cu" -- -I "$inputs/include dir" -imacros "$work/defines.h" ||
    fail "clang's -imacros did not reach the parser"
lowers "$inputs/launch_if_defined.cu" -- -I "$inputs/include dir" -Xclang -DUSE_LAUNCH ||
    fail "clang's -Xclang and its value did not reach the parser"

# A CUDA tree of its own: the real one plus a header only it has.
mkdir "$work/cuda" || exit 1
for entry in /usr/local/cuda/*; do
    [ "${entry##*/}" = include ] || ln -s "$entry" "$work/cuda/${entry##*/}" || exit 1
done
cp -R -s /usr/local/cuda/include/. "$work/cuda/include/" || exit 1
printf '#define ONLY_IN_THIS_CUDA 1\n' >"$work/cuda/include/only_in_this_cuda.h"
# A device-side launch, so that the file is parsed (one without is only
# scanned) and has something to lower (clang's errors in a file with
# nothing to lower are warnings).
printf '#include <only_in_this_cuda.h>\n__global__ void child() {}\n__global__ void kernel() { child<<<1, 1>>>(); }\n' \
    >"$work/uses_it.cu"
"$lower" --cuda-path="$work/cuda" "$work/uses_it.cu" -o "$work/out.cu" || fail "--cuda-path not used"
"$lower" "$work/uses_it.cu" -o "$work/out.cu" 2>/dev/null && fail "the default CUDA has the test's header"
exit 0
