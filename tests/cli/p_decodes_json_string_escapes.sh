#!/bin/sh
# usage: p_decodes_json_string_escapes.sh CDP_LOWER INPUTS_DIR
# compile_commands.json strings are decoded as JSON says: \uXXXX (a
# surrogate pair too) into UTF-8, \/ \" \\ \t; a file named with escapes is
# found, and a -D value holding quotes and a blank reaches the parser.
lower=$1 inputs=$2
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
dir="$work/caf$(printf '\303\251') $(printf '\360\237\230\200')"
mkdir "$dir" "$work/build" || exit 1
cat >"$dir/quoted.cu" <<'EOF_CU'
// Lowered only when GREETING is exactly "a b".
__global__ void child() {}
__global__ void parent()
{
    static_assert(sizeof(GREETING) == 4 && GREETING[1] == ' ', "GREETING is \"a b\"");
    child<<<1, 1>>>();
}
EOF_CU
cat >"$work/build/compile_commands.json" <<JSON
[{"directory": "$work\/caf\u00e9 \ud83d\ude00",
  "command": "nvcc\t-DGREETING=\"\\\\\"a b\\\\\"\" -c quoted.cu",
  "file": "../caf\u00E9 \uD83D\uDE00/quoted.cu"}]
JSON
"$lower" -p "$work/build" "$dir/quoted.cu" -o "$work/out.cu" || fail "exit status $?"
grep -q 'cdpl_launch_' "$work/out.cu" || fail "not lowered"
exit 0
