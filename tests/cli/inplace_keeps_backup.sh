#!/bin/sh
# usage: inplace_keeps_backup.sh CDP_LOWER INPUTS_DIR
# --inplace=.orig saves each input as INPUT.orig, then replaces it by its
# lowered text (the same as lowering the backup with -o: #line directives
# name the backup, which holds the original lines), keeping its
# permissions. Lowering the result again touches nothing; so does a file
# that needs no lowering. A refused input, or one whose backup cannot be
# written, is left as it was.
lower=$1 inputs=$2
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cp "$inputs/good_a.cu" "$inputs/good_b.cu" "$inputs/bad.cu" "$work/" || exit 1
chmod 640 "$work/good_a.cu" || exit 1

"$lower" --inplace=.orig "$work/good_a.cu" "$work/good_b.cu" || fail "exit status $?"
for name in good_a.cu good_b.cu; do
    cmp -s "$inputs/$name" "$work/$name.orig" || fail "$name.orig is not the original"
    grep -q 'cdpl_launch_' "$work/$name" || fail "$name is not lowered"
    "$lower" "$work/$name.orig" -o "$work/expected.cu" || fail "lowering $name.orig"
    cmp -s "$work/expected.cu" "$work/$name" || fail "$name differs from lowering its backup"
done
[ "$(stat -c %a "$work/good_a.cu")" = 640 ] || fail "the permissions were not kept"
[ "$(stat -c %a "$work/good_a.cu.orig")" = 640 ] || fail "the backup's permissions are not the input's"

cp "$work/good_a.cu" "$work/lowered_once.cu" && touch -d '2001-01-01' "$work/good_a.cu" || exit 1
"$lower" --inplace=.orig "$work/good_a.cu" || fail "second run: exit status $?"
cmp -s "$work/lowered_once.cu" "$work/good_a.cu" || fail "lowering a lowered file changed it"
cmp -s "$inputs/good_a.cu" "$work/good_a.cu.orig" || fail "the second run overwrote the backup"
[ "$(stat -c %Y "$work/good_a.cu")" = "$(date -d '2001-01-01' +%s)" ] || fail "an unchanged input was rewritten"

printf 'int main() { return 0; }\n' >"$work/plain.cu"
"$lower" --inplace=.orig "$work/plain.cu" || fail "plain.cu: exit status $?"
[ ! -e "$work/plain.cu.orig" ] || fail "a file that needs no lowering got a backup"

"$lower" --inplace=.orig "$work/bad.cu" 2>/dev/null
[ $? -eq 1 ] || fail "bad.cu: expected exit status 1"
cmp -s "$inputs/bad.cu" "$work/bad.cu" || fail "a refused input was changed"
[ ! -e "$work/bad.cu.orig" ] || fail "a refused input got a backup"

cp "$inputs/good_b.cu" "$work/blocked.cu" && mkdir "$work/blocked.cu.orig" || exit 1
"$lower" --inplace=.orig "$work/blocked.cu" 2>"$work/stderr"
[ $? -eq 1 ] || fail "no backup possible: expected exit status 1"
cmp -s "$inputs/good_b.cu" "$work/blocked.cu" || fail "the input was replaced although its backup failed"
grep -q 'cannot write' "$work/stderr" || { cat "$work/stderr"; fail "no message about the backup"; }
ls "$work" | grep -q 'cdpl-' && fail "a temporary file was left behind: $(ls "$work")"
exit 0
