# SPDX-License-Identifier: GPL-2.0-only
# -s of a missing file: one message on stderr, exit status 1.
"$DTRACE" -s /nonexistent.d >"$TMPDIR/out" 2>"$TMPDIR/err"
st=$?
cat "$TMPDIR/err"
[ "$st" -eq 1 ] || { echo "exit status $st, expected 1"; exit 1; }
[ "$(cat "$TMPDIR/err")" = "dtrace: failed to open /nonexistent.d: No such file or directory" ] ||
	{ echo "wrong message"; exit 1; }
[ ! -s "$TMPDIR/out" ] || { echo "unexpected stdout"; exit 1; }
