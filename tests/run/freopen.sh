# SPDX-License-Identifier: GPL-2.0-only
# freopen(fmt, ...): what dtrace prints goes to that file (appended) from the next record on,
# and freopen("") sends it back to stdout; a destructive action, so only with -w.
"$DTRACE" -w -q -n '
BEGIN { printf("one\n"); freopen("%s/out.%d", $$1, 1); }
BEGIN { printf("two\n"); }
BEGIN { freopen(""); }
BEGIN { printf("three\n"); exit(0); }' "$TMPDIR" >"$TMPDIR/stdout" 2>"$TMPDIR/err" ||
	{ cat "$TMPDIR/err"; exit 1; }
printf 'one\nthree\n\n' | cmp -s - "$TMPDIR/stdout" || { echo "stdout:"; cat "$TMPDIR/stdout"; exit 1; }
printf 'two\n' | cmp -s - "$TMPDIR/out.1" || { echo "file:"; cat "$TMPDIR/out.1"; exit 1; }
# without -w: refused before tracing
"$DTRACE" -q -n 'BEGIN { freopen("/dev/null"); exit(0); }' >/dev/null 2>"$TMPDIR/err" && exit 1
grep -qx 'dtrace: could not enable tracing: Destructive actions not allowed' "$TMPDIR/err" ||
	{ cat "$TMPDIR/err"; exit 1; }
exit 0
