#!/bin/sh
# usage: run_bounded.sh FUZZER SECONDS SEEDS_PER_DIR DICTIONARY SEED_DIR...
# Fuzzes for SECONDS from a fresh corpus seeded with SEEDS_PER_DIR .cu files
# of each SEED_DIR, spread over its sorted list (0: all of them), splicing in
# the tokens of DICTIONARY (libFuzzer's -dict format). Every seed
# costs two libclang parses (a second or more under the sanitizers) and
# libFuzzer runs them all before it mutates anything, so a short run gets
# few seeds. Prints how much it ran; exits non-zero on any finding.
fuzzer=$1 seconds=$2 per_dir=$3 dictionary=$(realpath "$4")
shift 4
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
mkdir "$work/corpus" "$work/seeds"
for dir in "$@"; do
    count=$(ls "$dir"/*.cu | wc -l)
    step=1
    [ "$per_dir" -gt 0 ] && [ "$count" -gt "$per_dir" ] && step=$((count / per_dir))
    ls "$dir"/*.cu | awk -v step="$step" -v most="$per_dir" \
        '(NR - 1) % step == 0 && (most == 0 || ++taken <= most)' | while read -r seed; do
        cp "$seed" "$work/seeds/"
    done
done
cd "$work" || exit 1
# libFuzzer adds what it finds to the first corpus folder only: the seeds stay.
"$fuzzer" -max_total_time="$seconds" -rss_limit_mb=4096 -timeout=120 -max_len=65536 \
    -dict="$dictionary" -print_final_stats=1 corpus seeds 2>fuzz.log
status=$?
grep -E "^(stat::|#[0-9]+ +DONE|INFO: seed corpus|==[0-9]+==|SUMMARY)" fuzz.log
if [ $status -ne 0 ]; then
    echo "FAIL: the fuzzer stopped with status $status"
    tail -n 60 fuzz.log
fi
exit $status
