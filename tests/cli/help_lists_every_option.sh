#!/bin/sh
# usage: help_lists_every_option.sh CDP_LOWER MAN_PAGE
# --help (exit 0, on standard output) and the man page both describe every
# option the tool takes.
lower=$1 man_page=$2
fail() { echo "FAIL: $*"; exit 1; }
help=$("$lower" --help) || fail "exit status $?"
manual=$(sed 's/\\-/-/g; s/\\f[BIRP]//g' "$man_page")
for option in -o --out-dir --inplace= -p --depfile= --check --report=json --dot --cuda-path= --offload-arch= \
              -I -D -U -include -isystem -std= -- --help --version; do
    printf '%s\n' "$help" | grep -q -F -e " $option" || fail "--help does not list $option"
    printf '%s\n' "$manual" | grep -q -F -e "$option" || fail "the man page does not list $option"
done
exit 0
