#!/bin/sh
# usage: p_refuses_file_missing_from_database.sh CDP_LOWER INPUTS_DIR
# With -p, an input that has no entry in compile_commands.json is an error
# (exit 1, no output: parsed with other flags than its build's it could be
# lowered wrongly), while the other inputs are lowered. A missing database,
# one that is not JSON (the message says where) or not compile commands is
# an error for every input.
lower=$1 inputs=$2
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
mkdir "$work/build" && cp "$inputs/good_a.cu" "$inputs/good_b.cu" "$work/" || exit 1
printf '[{"directory": "%s", "file": "good_a.cu", "arguments": ["nvcc", "-c", "good_a.cu"]}]\n' "$work" \
    >"$work/build/compile_commands.json"

"$lower" -p "$work/build" "$work/good_a.cu" "$work/good_b.cu" --out-dir "$work/out" 2>"$work/stderr"
[ $? -eq 1 ] || fail "an input missing from the database: expected exit status 1"
grep -q -F "good_b.cu:0:0: error: not in $work/build/compile_commands.json" "$work/stderr" ||
    { cat "$work/stderr"; fail "no error naming good_b.cu"; }
[ -f "$work/out/good_a.cu" ] || fail "the listed input was not lowered"
[ ! -e "$work/out/good_b.cu" ] || fail "the unlisted input was written"

expect_database_error() { # WHAT MESSAGE
    "$lower" -p "$work/build" "$work/good_a.cu" -o "$work/out.cu" 2>"$work/stderr"
    [ $? -eq 1 ] || fail "$1: expected exit status 1"
    grep -q -F -e "$2" "$work/stderr" || { cat "$work/stderr"; fail "$1: no '$2'"; }
    [ ! -e "$work/out.cu" ] || fail "$1: an output was written"
}
printf '[{"directory": "/tmp", "file": "good_a.cu",\n  "command": "nvcc -c good_a.cu",}]\n' >"$work/build/compile_commands.json"
expect_database_error "a trailing comma" "compile_commands.json: line 2, column 34: expected a member name"
printf '[{"directory": "/tmp", "file": "good_a.cu"}]' >"$work/build/compile_commands.json"
expect_database_error "no command" 'entry 1 has neither "arguments" nor a "command" string'
printf '{"directory": "/tmp"}' >"$work/build/compile_commands.json"
expect_database_error "not an array" "expected an array of compile commands"
printf '[{"directory": "%s", "file": "good_a.cu", "command": "nvcc \\"-DX -c good_a.cu"}]' "$work" \
    >"$work/build/compile_commands.json"
expect_database_error "an open quote" "a double quote is not closed"
rm "$work/build/compile_commands.json"
expect_database_error "no database" "cannot read $work/build/compile_commands.json"
exit 0
