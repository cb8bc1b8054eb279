# SPDX-License-Identifier: GPL-2.0-only
# Providers DTrace has and Linux lacks (src/providers/dt_prov_absent.c): a description that
# names one says so, why, and what to use instead, never "does not match any probes"; so
# does dtrace -l -P NAME; -Z still lets such a description match nothing.
# shellcheck disable=SC2016 # D text, not shell
fail() { echo "$1"; shift; for f in "$@"; do echo "--- $f"; cat "$f"; done; exit 1; }
for p in lockstat mib vminfo sysinfo fsinfo cpc fasttrap nfsv3; do
	"$DTRACE" -n "$p:::" >"$TMPDIR/out" 2>"$TMPDIR/err"
	[ $? -eq 1 ] || fail "$p: exit status" "$TMPDIR/err"
	grep -q "^dtrace: invalid probe specifier $p:::: provider $p is not available on Linux: " \
		"$TMPDIR/err" || fail "$p: message" "$TMPDIR/err"
	grep -q '^   = hint: use ' "$TMPDIR/err" || fail "$p: no hint" "$TMPDIR/err"
	! grep -q 'does not match' "$TMPDIR/err" || fail "$p: does not match" "$TMPDIR/err"
	"$DTRACE" -l -P "$p" >"$TMPDIR/out" 2>"$TMPDIR/err"
	[ $? -eq 1 ] || fail "-l -P $p: exit status" "$TMPDIR/err"
	grep -q "^dtrace: failed to match $p:::: provider $p is not available on Linux: .*; use " \
		"$TMPDIR/err" || fail "-l -P $p: message" "$TMPDIR/err"
done
# A per-process one, named with the -c process's ID: the table's name in the message.
"$DTRACE" -c true -n 'plockstat$target:::mutex-acquire' 2>"$TMPDIR/err" && fail "plockstat ran"
grep -q '^dtrace: invalid probe specifier plockstat$target:::mutex-acquire: provider plockstat is not available on Linux: ' \
	"$TMPDIR/err" || fail "plockstat\$target: message" "$TMPDIR/err"
grep -q 'pthread_mutex_lock' "$TMPDIR/err" || fail "plockstat: no pid provider hint" "$TMPDIR/err"
# Names that only begin like one are ordinary misses.
"$DTRACE" -n 'lockstatx:::' 2>"$TMPDIR/err" && fail "lockstatx matched"
grep -q 'does not match any probes' "$TMPDIR/err" || fail "lockstatx: message" "$TMPDIR/err"
# -Z: a description that matches nothing is allowed, whatever its provider.
[ "$("$DTRACE" -Zqn 'lockstat::: { } BEGIN { printf("ok\n"); exit(0); }')" = ok ] ||
	fail "-Z lockstat"
exit 0
