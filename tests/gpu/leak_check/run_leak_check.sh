#!/bin/sh
# usage: run_leak_check.sh PROBE SANITIZER CONTROL LOWERED...
# compute-sanitizer's leak check (memcheck --leak-check full) on lowered
# programs that free all their own device memory: what it reports leaked
# is the runtime's. CONTROL leaks on purpose and must be reported, which
# shows that the check sees leaks at process exit at all. Exit 77 (skipped)
# where there is no GPU or no compute-sanitizer.
probe=$1 sanitizer=$2 control=$3
shift 3
"$probe" || exit $?
if ! command -v "$sanitizer" >/dev/null 2>&1; then
    sanitizer=compute-sanitizer
    command -v "$sanitizer" >/dev/null 2>&1 || { echo "no compute-sanitizer: skipped"; exit 77; }
fi
log=$(mktemp) || exit 1
trap 'rm -f "$log"' EXIT

check() { # PROGRAM: the sanitizer's exit status; its leak lines on stdout
    "$sanitizer" --tool memcheck --leak-check full --error-exitcode 99 "$1" >"$log" 2>&1
    status=$?
    grep -E 'Leaked|LEAK SUMMARY|ERROR SUMMARY' "$log"
    return $status
}

echo "== control (leaks on purpose): $control"
if check "$control" || ! grep -q 'Leaked' "$log"; then
    cat "$log"
    echo "FAIL: the leak check did not report the control's leak"
    exit 1
fi
failed=0
for program in "$@"; do
    echo "== $program"
    if ! check "$program" || grep -q 'Leaked' "$log"; then
        cat "$log"
        failed=1
    fi
done
[ $failed -eq 0 ] || { echo "FAIL: a lowered program leaked or faulted"; exit 1; }
echo "PASS: no leak in $# lowered programs; the control's leak was reported"
