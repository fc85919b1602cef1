#!/bin/sh
# usage: parse_options_reach_the_parser.sh CDP_LOWER INPUTS_DIR
# --offload-arch= (and its synonym --cuda-gpu-arch=) choose what the
# device-side parse sees under __CUDA_ARCH__; --cuda-path= chooses the CUDA
# headers; -I/-D and clang options after `--` reach the parser.
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

# A CUDA tree of its own: the real one plus a header only it has.
mkdir "$work/cuda" || exit 1
for entry in /usr/local/cuda/*; do
    [ "${entry##*/}" = include ] || ln -s "$entry" "$work/cuda/${entry##*/}" || exit 1
done
cp -R -s /usr/local/cuda/include/. "$work/cuda/include/" || exit 1
printf '#define ONLY_IN_THIS_CUDA 1\n' >"$work/cuda/include/only_in_this_cuda.h"
# It has a launch to lower: clang's errors in a file with nothing to lower are warnings.
printf '#include <only_in_this_cuda.h>\n__global__ void child() {}\n__global__ void kernel() { child<<<1, 1>>>(); }\n' \
    >"$work/uses_it.cu"
"$lower" --cuda-path="$work/cuda" "$work/uses_it.cu" -o "$work/out.cu" || fail "--cuda-path not used"
"$lower" "$work/uses_it.cu" -o "$work/out.cu" 2>/dev/null && fail "the default CUDA has the test's header"
exit 0
