# SPDX-License-Identifier: GPL-2.0-only
# Thousands of probes at once: every function of libc in the -c process (one uprobe_multi
# link per object where the kernel has them); the few whose first instruction uprobes
# cannot take are reported and skipped, the rest fire: exit() is called exactly once.
# shellcheck disable=SC2016
fail() { echo "$1"; exit 1; }
"$DTRACE" -c "$TRIGGERS/pidcalls 2" -n 'pid$target:libc.so.6::entry { @[probefunc] = count(); }' \
	>"$TMPDIR/out" 2>"$TMPDIR/err" || { cat "$TMPDIR/err"; fail "dtrace"; }
n=$(sed -n "s/^dtrace: description 'pid\$target:libc.so.6::entry ' matched \([0-9]*\) probes$/\1/p" "$TMPDIR/err")
[ -n "$n" ] && [ "$n" -gt 2000 ] || { cat "$TMPDIR/err"; fail "matched ${n:-no} probes, expected thousands"; }
grep -v -e '^dtrace: description' -e '^dtrace: pid [0-9]* has exited$' \
	-e '^dtrace: failed to enable pid[0-9]*:libc.so.6:[^:]*:entry: the kernel cannot probe its instruction$' \
	"$TMPDIR/err" && fail "unexpected messages"
grep -Eq '^ +exit +1$' "$TMPDIR/out" || { cat "$TMPDIR/out"; fail "exit() not counted once"; }
exit 0
