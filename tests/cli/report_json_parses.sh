#!/bin/sh
# usage: report_json_parses.sh CDP_LOWER INPUTS_DIR
# --report=json prints valid JSON, for good and refused inputs alike, with
# file names that need escaping (a quote, a backslash, a tab) kept exactly.
lower=$1 inputs=$2
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
tab=$(printf '\t')
odd="$work/odd \"name\" \\ with${tab}tab.cu"
cp "$inputs/good_a.cu" "$odd" || exit 1
"$lower" --report=json "$odd" "$inputs/good_b.cu" "$inputs/bad.cu" >"$work/report.json" 2>"$work/stderr"
status=$?
[ $status -eq 1 ] || { echo "FAIL: exit status $status, expected 1 (bad.cu is refused)"; exit 1; }
python3 -m json.tool "$work/report.json" >/dev/null || { echo "FAIL: not valid JSON:"; cat "$work/report.json"; exit 1; }
python3 - "$work/report.json" "$odd" <<'PY' || exit 1
import json, sys
report = json.load(open(sys.argv[1]))
files = report["files"]
problems = []
if [f["file"] for f in files][0] != sys.argv[2]:
    problems.append("file name not kept: %r" % files[0]["file"])
if len(files) != 3:
    problems.append("expected 3 files, got %d" % len(files))
elif not any(d["severity"] == "error" and d["line"] == 7 for d in files[2]["diagnostics"]):
    problems.append("bad.cu: no error at line 7: %r" % files[2]["diagnostics"])
for problem in problems:
    print("FAIL: " + problem)
sys.exit(1 if problems else 0)
PY
