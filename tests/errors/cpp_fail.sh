# SPDX-License-Identifier: GPL-2.0-only
# -C: cpp fails (a missing header): cpp's own message, then DTrace's, and exit status 1.
printf '#include "no_such_header.h"\nBEGIN { exit(0); }\n' >"$TMPDIR/bad.d"
"$DTRACE" -C -e -s "$TMPDIR/bad.d" >"$TMPDIR/out" 2>"$TMPDIR/err"
st=$?
cat "$TMPDIR/err"
[ "$st" -eq 1 ] || { echo "exit status $st, expected 1"; exit 1; }
grep -q 'no_such_header.h' "$TMPDIR/err" || { echo "cpp's message is missing"; exit 1; }
[ "$(tail -n 1 "$TMPDIR/err")" = \
	"dtrace: failed to compile script $TMPDIR/bad.d: Preprocessor failed to process input program" ] ||
	{ echo "wrong message"; exit 1; }
[ ! -s "$TMPDIR/out" ] || { echo "unexpected stdout"; exit 1; }
