#!/bin/bash
# usage: publish_keeps_hand_written_notes.sh REPO
# bench/publish.sh replaces the generated table of the document and keeps
# the chart line and the notes after it, writes a new document when there
# is none, and leaves both files alone when the chart cannot be drawn. A
# stand-in for gnuplot (first on PATH) writes the chart it is asked for.
repo=$1
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
mkdir -p "$work/bin" "$work/out" "$work/docs"
cat >"$work/bin/gnuplot" <<'GNUPLOT'
#!/bin/bash
[ -n "${GNUPLOT_FAILS:-}" ] && exit 1
outfile=$(printf '%s\n' "$2" | sed -n "s/.*outfile='\([^']*\)'.*/\1/p")
echo "chart of $(printf '%s\n' "$2" | sed -n "s/.*datafile='\([^']*\)'.*/\1/p")" >"$outfile"
GNUPLOT
chmod +x "$work/bin/gnuplot"
printf '# new table\n\n| a | b |\n' >"$work/out/benchmarks.md"
printf 'tree_faf 9 2 1 4.5 2\n' >"$work/out/ratios.dat"
doc="$work/docs/benchmarks.md"
printf '# old table\n\n| old |\n\n![native/lowered ratios](benchmarks-ratios.png)\n\n## Notes\n\nwritten by hand\n' >"$doc"

PATH="$work/bin:$PATH" "$repo/bench/publish.sh" "$work/out" "$doc" >/dev/null || fail "publish failed"
expected=$(printf '# new table\n\n| a | b |\n\n![native/lowered ratios](benchmarks-ratios.png)\n\n## Notes\n\nwritten by hand')
[ "$(cat "$doc")" = "$expected" ] || { cat "$doc"; fail "the document"; }
grep -q "chart of $work/out/ratios.dat" "$work/docs/benchmarks-ratios.png" || fail "the chart"

cp "$doc" "$work/before"
GNUPLOT_FAILS=1 PATH="$work/bin:$PATH" "$repo/bench/publish.sh" "$work/out" "$doc" 2>/dev/null &&
    fail "a failing gnuplot must fail the publication"
cmp -s "$doc" "$work/before" || fail "a failed publication changed the document"
[ "$(ls "$work/docs")" = "$(printf 'benchmarks-ratios.png\nbenchmarks.md')" ] || fail "temporary files left: $(ls "$work/docs")"

rm "$doc"
PATH="$work/bin:$PATH" "$repo/bench/publish.sh" "$work/out" "$doc" >/dev/null || fail "publish to a new document failed"
expected=$(printf '# new table\n\n| a | b |\n\n![native/lowered ratios](benchmarks-ratios.png)')
[ "$(cat "$doc")" = "$expected" ] || { cat "$doc"; fail "the new document"; }
exit 0
