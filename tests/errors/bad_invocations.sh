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
grep -qx 'dtrace: no probes specified' "$TMPDIR/err" || { cat "$TMPDIR/err"; fail "empty program"; }
"$DTRACE" -p 999999 -n BEGIN >"$TMPDIR/out" 2>"$TMPDIR/err"
[ $? -eq 1 ] || fail "-p missing: exit status"
grep -qx 'dtrace: failed to grab pid 999999: No such process' "$TMPDIR/err" || fail "-p message"
exit 0
