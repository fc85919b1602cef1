#!/bin/sh
# usage: consumer_runs.sh PROBE TREE_SUM
# Runs the consumer built against the installed package (it checks its own
# sum and launch count). Exit 77 (skipped) where there is no GPU.
probe=$1 program=$2
"$probe" || exit $?
"$program"
