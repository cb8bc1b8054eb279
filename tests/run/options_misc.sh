# SPDX-License-Identifier: GPL-2.0-only
# -V, -e (compile only: nothing traced), -Z (a description that matches nothing is allowed),
# -x options and their errors.
fail() { echo "$1"; exit 1; }
"$DTRACE" -V | grep -Eq '^dtrace: Sun D [0-9]' || fail "-V"
out=$("$DTRACE" -e -n 'BEGIN { printf("should not run\n"); }' 2>&1) || fail "-e: exit $?"
[ -z "$out" ] || { echo "$out"; fail "-e printed something"; }
"$DTRACE" -q -Z -n 'nosuch:::probe { } BEGIN { printf("ok\n"); exit(0); }' >"$TMPDIR/out" 2>&1 ||
	{ cat "$TMPDIR/out"; fail "-Z: exit $?"; }
grep -qx ok "$TMPDIR/out" || { cat "$TMPDIR/out"; fail "-Z output"; }
"$DTRACE" -x strsize=16 -x switchrate=10hz -x bufsize=1m -qn 'BEGIN { exit(0); }' >/dev/null ||
	fail "valid -x options refused"
"$DTRACE" -x bufsize=lots -qn 'BEGIN { exit(0); }' 2>"$TMPDIR/err" && fail "bad bufsize accepted"
grep -q 'failed to set -x bufsize: Invalid value for specified option' "$TMPDIR/err" ||
	{ cat "$TMPDIR/err"; fail "bad value message"; }
# #pragma D option works like -x.
out=$("$DTRACE" -n '#pragma D option quiet
BEGIN { printf("quiet\n"); exit(0); }' 2>/dev/null) || fail "pragma: exit $?"
[ "$out" = "quiet" ] || { echo "$out"; fail "pragma quiet"; }
exit 0
