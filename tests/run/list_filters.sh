# SPDX-License-Identifier: GPL-2.0-only
# -l with -P, -m, -f and -n filters lists DTrace's columns for what matches.
fail() { echo "$1"; exit 1; }
out=$("$DTRACE" -l -P dtrace) || fail "-l -P dtrace: exit $?"
[ "$(printf '%s\n' "$out" | awk 'NR > 1 { print $1, $2, $3 }' | tr '\n' ' ')" = "1 dtrace BEGIN 2 dtrace END 3 dtrace ERROR " ] ||
	{ printf '%s\n' "$out"; fail "dtrace provider listing"; }
out=$("$DTRACE" -l -f getpid) || fail "-l -f getpid: exit $?"
[ "$(printf '%s\n' "$out" | awk 'NR > 1 { print $2, $4, $5 }' | tr '\n' ' ')" = "syscall getpid entry syscall getpid return " ] ||
	{ printf '%s\n' "$out"; fail "-f listing"; }
out=$("$DTRACE" -l -n 'syscall::read*:return') || fail "-l -n glob: exit $?"
printf '%s\n' "$out" | awk 'NR > 1 && ($5 != "return" || $4 !~ /^read/) { bad = 1 } END { exit bad }' ||
	fail "glob listing lists a non-matching probe"
[ "$(printf '%s\n' "$out" | wc -l)" -ge 3 ] || fail "read* should match read, readv, readlink..."
n=$("$DTRACE" -l -m vmlinux | wc -l) || fail "-l -m"
[ "$n" -gt 600 ] || fail "-l -m vmlinux lists only $n lines"
out=$("$DTRACE" -l -n tick-1sec) || fail "-l -n tick-1sec"
printf '%s\n' "$out" | tail -n 1 | grep -Eq '^ *[0-9]+ +profile +tick-1sec$' ||
	{ printf '%s\n' "$out"; fail "profile listing"; }
# A description that matches nothing is an error for -l too.
"$DTRACE" -l -n 'nosuch:::probe' >/dev/null 2>"$TMPDIR/err" && fail "nosuch matched"
grep -q 'No probe matches description' "$TMPDIR/err" || { cat "$TMPDIR/err"; fail "message"; }
exit 0
