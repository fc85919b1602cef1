#!/bin/sh
# usage: dot_deduplicates_edges.sh CDP_LOWER INPUT.cu
# Two tail launches of child from parent are one edge in --dot's graph.
lower=$1 input=$2
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
"$lower" --dot "$input" >"$work/graph.dot" || { echo "FAIL: exit status $?"; exit 1; }
count=$(grep -c -F '"parent" -> "child" [label="tail"];' "$work/graph.dot")
[ "$count" -eq 1 ] || { echo "FAIL: the tail edge appears $count times:"; cat "$work/graph.dot"; exit 1; }
