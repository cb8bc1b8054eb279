# SPDX-License-Identifier: GPL-2.0-only
# -o FILE: trace output goes to the file (appended), messages stay on stderr.
out="$TMPDIR/trace.out"
echo "before" >"$out"
"$DTRACE" -q -o "$out" -n 'BEGIN { printf("hello\n"); exit(0); }' >"$TMPDIR/stdout" 2>"$TMPDIR/err" ||
	{ cat "$TMPDIR/err"; echo "exit status $?"; exit 1; }
[ ! -s "$TMPDIR/stdout" ] || { cat "$TMPDIR/stdout"; echo "stdout not empty"; exit 1; }
printf 'before\nhello\n\n' | cmp -s - "$out" || { cat -A "$out"; echo "bad output file"; exit 1; }
[ ! -s "$TMPDIR/err" ] || { cat "$TMPDIR/err"; echo "-q prints no messages"; exit 1; }
