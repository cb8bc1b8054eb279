# SPDX-License-Identifier: GPL-2.0-only
# -C: cpp fails (a missing header): cpp's own message, naming the script /dev/stdin as DTrace
# does, then DTrace's naming the script, and exit status 1. __FILE__ is "/dev/stdin" too.
printf '#include "no_such_header.h"\nBEGIN { exit(0); }\n' >"$TMPDIR/bad.d"
"$DTRACE" -C -e -s "$TMPDIR/bad.d" >"$TMPDIR/out" 2>"$TMPDIR/err"
st=$?
cat "$TMPDIR/err"
[ "$st" -eq 1 ] || { echo "exit status $st, expected 1"; exit 1; }
grep -q '^/dev/stdin:1:.*no_such_header.h' "$TMPDIR/err" || { echo "cpp's message is missing"; exit 1; }
[ "$(tail -n 1 "$TMPDIR/err")" = \
	"dtrace: failed to compile script $TMPDIR/bad.d: Preprocessor failed to process input program" ] ||
	{ echo "wrong message"; exit 1; }
[ ! -s "$TMPDIR/out" ] || { echo "unexpected stdout"; exit 1; }
printf 'BEGIN { printf("%%s\\n", __FILE__); exit(0); }\n' >"$TMPDIR/file.d"
[ "$("$DTRACE" -q -C -s "$TMPDIR/file.d" 2>&1)" = /dev/stdin ] || { echo "__FILE__ is wrong"; exit 1; }
