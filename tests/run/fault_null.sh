# SPDX-License-Identifier: GPL-2.0-only
# A NULL dereference becomes DTrace's runtime error: the clause stops, tracing goes on, and the
# exit status stays 0.
"$DTRACE" -q -n 'BEGIN { *(int *)0; } BEGIN { exit(0); }' >"$TMPDIR/out" 2>"$TMPDIR/err"
st=$?
cat "$TMPDIR/err"
[ "$st" -eq 0 ] || { echo "exit status $st, expected 0"; exit 1; }
grep -Eq '^dtrace: error on enabled probe ID [0-9]+ \(ID 1: dtrace:::BEGIN\): invalid address \(0x0\) in action #1 at -n:1:9$' \
	"$TMPDIR/err" || { echo "no invalid address error on stderr"; exit 1; }
