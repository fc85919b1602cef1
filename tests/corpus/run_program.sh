#!/bin/sh
# usage: run_program.sh PROBE NATIVE LOWERED PROGRAM_DIR CHECK [RUNS]
# Runs a corpus program once natively and RUNS times (default 20) lowered,
# each as `PROG -o 1` in a fresh directory holding PROGRAM_DIR's inputs/ and
# an empty outputs/. Every run must exit 0, and no lowered run may print a
# runtime error ("cdp-lower runtime:"). CHECK says how a run shows that it
# computed the right thing, as its program checks itself:
#   stdout-success  stdout says "success" as often as native's, never "failed"
#   stderr-passed   stderr says "passed" as often as native's, never "failed"
#   outputs-equal   outputs/ holds the same files, byte for byte, as native's
# Prints each build's "Average kernel time" (the median over the lowered
# runs) for docs/benchmarks.md. Exit 77 (skipped) where there is no GPU.
probe=$1 native=$2 lowered=$3 program_dir=$4 check=$5 runs=${6:-20}
"$probe" || exit $?
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT

# run NAME BINARY: runs it in $work/NAME; 1 when it exits non-zero.
run() {
    dir="$work/$1"
    mkdir -p "$dir/outputs"
    [ -d "$program_dir/inputs" ] && ln -s "$program_dir/inputs" "$dir/inputs"
    (cd "$dir" && "$2" -o 1 >stdout 2>stderr)
    status=$?
    if [ $status -ne 0 ]; then
        echo "$1: exit $status"
        tail -n 20 "$dir/stdout" "$dir/stderr"
        return 1
    fi
    return 0
}

# kernel_ms NAME: the run's "Average kernel time = X ms".
kernel_ms() { sed -n 's/.*Average kernel time = \([0-9.e+-]*\) ms.*/\1/p' "$work/$1/stdout"; }

# count NAME WORD STREAM: how often run NAME's STREAM says WORD.
count() { grep -o "$2" "$work/$1/$3" 2>/dev/null | wc -l; }

# checked NAME: whether run NAME computed what the native run did.
checked() {
    case $check in
    stdout-success | stderr-passed)
        word=${check#*-} stream=${check%-*}
        [ "$(count "$1" failed "$stream")" -eq 0 ] && [ "$(count "$1" "$word" "$stream")" -eq "$(count native "$word" "$stream")" ]
        ;;
    outputs-equal)
        diff -r "$work/native/outputs" "$work/$1/outputs" >/dev/null
        ;;
    *)
        echo "run_program.sh: unknown check '$check'" >&2
        exit 2
        ;;
    esac
}

run native "$native" || exit 1
case $check in
stdout-success | stderr-passed)
    [ "$(count native "${check#*-}" "${check%-*}")" -gt 0 ] || { echo "native run: no '${check#*-}' line"; exit 1; } ;;
outputs-equal)
    [ -n "$(ls "$work/native/outputs")" ] || { echo "native run: nothing in outputs/"; exit 1; } ;;
esac
failures=0
: >"$work/lowered_ms"
i=1
while [ $i -le "$runs" ]; do
    name=lowered_$i
    if ! run "$name" "$lowered"; then
        failures=$((failures + 1))
    elif grep -q "cdp-lower runtime:" "$work/$name/stderr"; then
        echo "$name: runtime error"; grep "cdp-lower runtime:" "$work/$name/stderr"
        failures=$((failures + 1))
    elif ! checked "$name"; then
        echo "$name: result differs from native's"
        tail -n 20 "$work/$name/stdout" "$work/$name/stderr"
        failures=$((failures + 1))
    else
        kernel_ms "$name" >>"$work/lowered_ms"
    fi
    i=$((i + 1))
done
median=$(sort -g "$work/lowered_ms" | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }')
echo "native: $(kernel_ms native) ms; lowered: ${median:-none} ms (median of $((runs - failures)) good runs of $runs)"
if [ $failures -ne 0 ]; then
    echo "FAIL: $failures of $runs lowered runs failed"
    exit 1
fi
echo "PASS: $runs lowered runs, each equal to native"
