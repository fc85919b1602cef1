#!/bin/sh
# usage: version_prints_version.sh CDP_LOWER PROJECT_VERSION ABI_HEADER
# --version prints "cdp-lower VERSION (runtime ABI N)", N being the ABI of
# the runtime headers, then the runtime header directory it emits code for,
# which holds cdpl.cuh; it exits 0 and reads no input.
lower=$1 version=$2 abi_header=$3
fail() { echo "FAIL: $*"; exit 1; }
output=$("$lower" --version) || fail "exit status $?"
abi=$(sed -n 's/^#define CDPL_ABI_VERSION \([0-9][0-9]*\)u*$/\1/p' "$abi_header")
[ -n "$abi" ] || fail "no CDPL_ABI_VERSION in $abi_header"
first=$(printf '%s\n' "$output" | sed -n 1p)
[ "$first" = "cdp-lower $version (runtime ABI $abi)" ] || fail "first line: '$first'"
headers=$(printf '%s\n' "$output" | sed -n 's/^runtime headers: //p')
[ -f "$headers/cdpl.cuh" ] || fail "no cdpl.cuh in the runtime header directory '$headers'"
exit 0
