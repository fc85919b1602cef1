#!/bin/sh
# Runs the clang GPU set (made by scripts/clang-gpu-set.sh, which copies this
# script next to it as run.sh) on a GPU machine with nvcc and no clang.
#
# usage: .prelowered/clang/run.sh OUT   (from the repository root)
#
# Each program of programs.tsv marked `pair` is built natively (nvcc -rdc,
# cudadevrt) and run once, then its clang build, by tests/gpu/run_native_more.sh;
# each marked `lowered` runs alone with its environment, as its test does.
# Writes OUT/native.log (everything), OUT/NAME.lowered.out and .err and
# OUT/lowered_only.txt (NAME exit time_ms environment) for the lowered-only
# programs, OUT/built_from.txt and OUT/table.md:
#   | program | native exit | clang exit | same stdout | native time_ms | clang time_ms |
# Exits 0 when every pair exits 0 both ways with the same stdout and every
# lowered-only program exits 0.
set -u
out=${1:?usage: .prelowered/clang/run.sh OUT}
set_dir=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
tar -xJf "$set_dir/programs.tar.xz" -C "$bin" || exit 1
cp "$set_dir/built_from.txt" "$out/"
tab=$(printf '\t')

pairs=$(awk -F'\t' '$2 == "pair" { print $1 "=" $4 }' "$set_dir/programs.tsv")
LOWERED_BIN=$bin tests/gpu/run_native_more.sh "$out" 1 $pairs

: >"$out/lowered_only.txt"
while IFS=$tab read -r name kind environment _; do
    [ "$kind" = lowered ] || continue
    [ "$environment" = - ] && environment=""
    # shellcheck disable=SC2086 # the test's environment: NAME=VALUE words
    env $environment timeout 60 "$bin/$name" >"$out/$name.lowered.out" 2>"$out/$name.lowered.err"
    status=$?
    ms=$(sed -n 's/^time_ms: //p' "$out/$name.lowered.err" | head -1)
    echo "$name $status ${ms:--} $environment" >>"$out/lowered_only.txt"
done <"$set_dir/programs.tsv"

# One row per pair from native.log's blocks (===== NAME, --- run 1 rc=,
# --- lowered rc=, lowered stdout: same as native | DIFFERS), then the
# lowered-only programs.
awk '
    # mawk has no match() captures: the number is what follows "time_ms: ".
    function time_ms(line) {
        if (!match(" " line, /[^_a-z]time_ms: [0-9.]+/)) return "-"
        value = substr(" " line, RSTART, RLENGTH)
        sub(/.*time_ms: /, "", value)
        return value
    }
    function row() {
        if (name == "") return
        passed += native == "0" && clang == "0" && same == "yes"; total++
        printf "| %s | %s | %s | %s | %s | %s |\n", name, native, clang, same, native_ms, clang_ms
        name = ""
    }
    BEGIN {
        print "| program | native exit | clang exit | same stdout | native time_ms | clang time_ms |"
        print "| --- | --- | --- | --- | --- | --- |"
    }
    FILENAME == ARGV[1] && /^===== overall/ { next }
    FILENAME == ARGV[1] && /^===== / {
        row(); name = $2; native = clang = "not run"; same = "no"; native_ms = clang_ms = "-"
    }
    FILENAME == ARGV[1] && /^BUILD FAILED/ { native = "build failed" }
    FILENAME == ARGV[1] && /^--- run 1 rc=/ { native = substr($4, 4); native_ms = time_ms($0) }
    FILENAME == ARGV[1] && /^--- lowered rc=/ { clang = substr($3, 4); clang_ms = time_ms($0) }
    FILENAME == ARGV[1] && /^lowered stdout: same as native$/ { same = "yes" }
    FILENAME == ARGV[2] {
        row()
        passed += $2 == "0"; total++
        printf "| %s (lowered only%s) | - | %s | - | - | %s |\n", $1, (NF > 3 ? ", " $4 : ""), $2, $3
    }
    END {
        row()
        printf "\n%d of %d programs pass (both exit 0 with the same stdout; lowered only: exit 0)\n", passed, total
        exit passed != total
    }
' "$out/native.log" "$out/lowered_only.txt" >"$out/table.md"
status=$?
cat "$out/table.md"
exit $status
