#!/bin/bash
# Publishes a bench/run.sh result where the GPU machine cannot: here, after
# its OUT_DIR came back.
#
# Usage: bench/publish.sh OUT_DIR [DOC]
# DOC (default docs/benchmarks.md) is the generated table, a chart line,
# then notes written by hand. The part before the chart line is replaced by
# OUT_DIR/benchmarks.md; the chart line and everything after it are kept
# (added, when DOC is new or has no chart line). The chart,
# benchmarks-ratios.png next to DOC, is drawn from OUT_DIR/ratios.dat with
# gnuplot (bench/plot.gp). Both files are written through temporary files
# and renamed, so a failure leaves the old ones whole.
set -u
out=${1:?usage: bench/publish.sh OUT_DIR [DOC]}
here=$(cd "$(dirname "$0")" && pwd)
doc=${2:-$here/../docs/benchmarks.md}
chart_name=benchmarks-ratios.png
chart_line="![native/lowered ratios]($chart_name)"
chart=$(dirname "$doc")/$chart_name

fail() { echo "bench/publish.sh: $*" >&2; exit 1; }
[ -f "$out/benchmarks.md" ] || fail "$out/benchmarks.md: no such file (run bench/run.sh first)"
[ -f "$out/ratios.dat" ] || fail "$out/ratios.dat: no such file (run bench/run.sh first)"
command -v gnuplot >/dev/null || fail "gnuplot not found (Debian: apt-get install gnuplot-nox)"

chart_tmp=$(mktemp "$chart.XXXXXX.png") || exit 1
doc_tmp=$(mktemp "$doc.XXXXXX") || { rm -f "$chart_tmp"; exit 1; }
trap 'rm -f "$chart_tmp" "$doc_tmp"' EXIT

gnuplot -e "datafile='$out/ratios.dat'; outfile='$chart_tmp'" "$here/plot.gp" || fail "gnuplot failed"
[ -s "$chart_tmp" ] || fail "gnuplot wrote no chart"

{
    cat "$out/benchmarks.md"
    echo
    if [ -f "$doc" ] && grep -qxF "$chart_line" "$doc"; then
        awk -v line="$chart_line" 'kept || $0 == line { kept = 1; print }' "$doc"
    else
        echo "$chart_line"
    fi
} >"$doc_tmp" || fail "cannot write $doc_tmp"

chmod 0644 "$chart_tmp" "$doc_tmp"
mv "$chart_tmp" "$chart" || fail "cannot write $chart"
mv "$doc_tmp" "$doc" || fail "cannot write $doc"
echo "wrote $doc and $chart"
