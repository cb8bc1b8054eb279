# SPDX-License-Identifier: GPL-2.0-only
# Bad input gets a clear error, exit status 1, and nothing runs: a -c command that does not
# exist, an empty program, a -p process that does not exist.
fail() { echo "$1"; exit 1; }
"$DTRACE" -c /nonexistent/cmd -n BEGIN >"$TMPDIR/out" 2>"$TMPDIR/err"
[ $? -eq 1 ] || fail "-c missing: exit status"
grep -qx 'dtrace: failed to execute /nonexistent/cmd: No such file or directory' "$TMPDIR/err" ||
	{ cat "$TMPDIR/err"; fail "-c missing: message"; }
[ ! -s "$TMPDIR/out" ] || fail "-c missing: something was traced"
"$DTRACE" -n '' >"$TMPDIR/out" 2>"$TMPDIR/err"
[ $? -eq 1 ] || fail "empty program: exit status"
grep -q 'empty D program translation unit' "$TMPDIR/err" || { cat "$TMPDIR/err"; fail "empty program"; }
# -x stdc takes a, c, s or t; -x version a D version this compiler knows
"$DTRACE" -x stdc=X -n BEGIN >"$TMPDIR/out" 2>"$TMPDIR/err"
[ $? -eq 1 ] || fail "-x stdc=X: exit status"
grep -qx 'dtrace: failed to set -x stdc: Invalid value for specified option' "$TMPDIR/err" ||
	fail "-x stdc=X message"
"$DTRACE" -x version=99.1 -n BEGIN >"$TMPDIR/out" 2>"$TMPDIR/err"
[ $? -eq 1 ] || fail "-x version=99.1: exit status"
grep -qx 'dtrace: failed to set -x version: Requested version is not supported by compiler' \
	"$TMPDIR/err" || fail "-x version message"
"$DTRACE" -p 999999 -n BEGIN >"$TMPDIR/out" 2>"$TMPDIR/err"
[ $? -eq 1 ] || fail "-p missing: exit status"
grep -qx 'dtrace: failed to grab pid 999999: No such process' "$TMPDIR/err" || fail "-p message"
exit 0
