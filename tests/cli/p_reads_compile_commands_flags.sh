#!/bin/sh
# usage: p_reads_compile_commands_flags.sh CDP_LOWER INPUTS_DIR
# -p BUILD_DIR parses each input with the flags of its compile command:
# an nvcc "command" whose -D decides whether there is a launch to lower and
# whose relative -I (with a blank, quoted) is needed to parse at all, taken
# against the entry's "directory"; an "arguments" entry whose -gencode
# architecture decides what the device-side parse sees. Options on the
# command line come after the database's and win; a -D meant for the host
# compiler (-Xcompiler -D...) is not taken.
lower=$1 inputs=$2
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
mkdir "$work/src" "$work/build" && cp -R "$inputs/launch_if_defined.cu" "$inputs/launch_for_sm80.cu" \
    "$inputs/include dir" "$work/src/" || exit 1
cat >"$work/build/compile_commands.json" <<JSON
[
  {"directory": "$work/src",
   "command": "/usr/local/cuda/bin/nvcc -I\"include dir\" -DUSE_LAUNCH -Xcompiler -DIGNORED -x cu -c launch_if_defined.cu -o launch_if_defined.o",
   "file": "launch_if_defined.cu"},
  {"directory": "$work/build",
   "arguments": ["nvcc", "-gencode", "arch=compute_80,code=sm_80", "-c", "../src/launch_for_sm80.cu"],
   "file": "../src/launch_for_sm80.cu"}
]
JSON
cd "$work" || exit 1

"$lower" -p build src/launch_if_defined.cu -o defined.cu || fail "-p: exit status $?"
grep -q 'cdpl_launch_' defined.cu || fail "-D from the command not used: nothing lowered"
"$lower" src/launch_if_defined.cu -o plain.cu 2>/dev/null && fail "without -p the include directory is missing, yet it parsed"
"$lower" -p build src/launch_if_defined.cu -UUSE_LAUNCH -o undefined.cu || fail "-p with -U: exit status $?"
cmp -s src/launch_if_defined.cu undefined.cu || fail "the command line's -U did not win over the database's -D"

"$lower" -p=build "$work/src/../src/launch_for_sm80.cu" -o sm80.cu || fail "-p=, arguments form: exit status $?"
grep -q 'cdpl_launch_' sm80.cu || fail "the -gencode architecture was not used: nothing lowered"
"$lower" -p build src/launch_for_sm80.cu --offload-arch=sm_90 -o sm90.cu || fail "--offload-arch: exit status $?"
cmp -s src/launch_for_sm80.cu sm90.cu || fail "--offload-arch on the command line did not win"

sed -i 's/-Xcompiler -DIGNORED/-Xcompiler -UUSE_LAUNCH/' build/compile_commands.json
"$lower" -p build src/launch_if_defined.cu -o host_only.cu || fail "-Xcompiler: exit status $?"
grep -q 'cdpl_launch_' host_only.cu || fail "a host compiler option (-Xcompiler -U...) was taken as a parse flag"
exit 0
