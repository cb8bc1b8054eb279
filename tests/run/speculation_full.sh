# SPDX-License-Identifier: GPL-2.0-only
# With nspec=1, a second speculation() before the first is committed or discarded fails, and
# dtrace says so: "N failed speculations (no speculative buffer available)".
"$DTRACE" -q -n 'BEGIN { a = speculation(); b = speculation(); printf("%d %d\n", a, b); exit(0); }' \
	>"$TMPDIR/out" 2>"$TMPDIR/err" || { cat "$TMPDIR/err"; exit 1; }
cat "$TMPDIR/out" "$TMPDIR/err"
grep -qx '1 0' "$TMPDIR/out" || exit 1
grep -q '^dtrace: 1 failed speculation (no speculative buffer available)$' "$TMPDIR/err" || exit 1
