#!/bin/sh
# usage: p_reads_response_files.sh CDP_LOWER INPUTS_DIR
# Flags in response files, @FILE and nvcc's --options-file FILE (paths
# taken against the entry's "directory", nested ones too), count like flags
# written in the command; a response file that cannot be read is an error.
lower=$1 inputs=$2
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
mkdir "$work/build" && cp -R "$inputs/launch_if_defined.cu" "$inputs/include dir" "$work/" || exit 1
printf -- '-I"%s/include dir"\n@defines.rsp\n' "$work" >"$work/build/includes.rsp"
printf -- '-DUSE_LAUNCH\n' >"$work/build/defines.rsp"
printf '[{"directory": "%s/build", "file": "../launch_if_defined.cu", "command": "nvcc --options-file includes.rsp -c ../launch_if_defined.cu"}]' \
    "$work" >"$work/build/compile_commands.json"
"$lower" -p "$work/build" "$work/launch_if_defined.cu" -o "$work/out.cu" || fail "exit status $?"
grep -q 'cdpl_launch_' "$work/out.cu" || fail "-DUSE_LAUNCH from the nested response file not used"

sed -i 's/--options-file includes.rsp/@includes.rsp/' "$work/build/compile_commands.json"
"$lower" -p "$work/build" "$work/launch_if_defined.cu" -o "$work/at.cu" || fail "@FILE: exit status $?"
cmp -s "$work/out.cu" "$work/at.cu" || fail "@FILE and --options-file differ"

rm "$work/build/defines.rsp"
"$lower" -p "$work/build" "$work/launch_if_defined.cu" -o "$work/missing.cu" 2>"$work/stderr"
[ $? -eq 1 ] || fail "a missing response file: expected exit status 1"
grep -q "cannot read the response file $work/build/defines.rsp" "$work/stderr" || { cat "$work/stderr"; fail "no message"; }
[ ! -e "$work/missing.cu" ] || fail "an output was written"
exit 0
