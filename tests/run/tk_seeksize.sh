# SPDX-License-Identifier: GPL-2.0-only
# toolkit/seeksize on a loop device: blkio writes blocks 0, 8 and 16 (4096 bytes, O_DIRECT)
# and reads them back in order. Past the first I/O, four start where the last one ended
# (distance 0) and one seeks back 24 sectors (the 16 bucket): the trigger's histogram.
. "$TESTDIR/tk.inc"
tk_tool seeksize
tk_loop
"$tool" -d "${dev#/dev/}" -n blkio -c "$TRIGGERS/blkio $dev 3" >"$TMPDIR/out" \
	2>"$TMPDIR/err" || fail "seeksize failed"
cat "$TMPDIR/out"
grep -Eq '^ +PID  CMD$' "$TMPDIR/out" || fail "header"
[ "$(grep -Ec '^ +[0-9]+  blkio$' "$TMPDIR/out")" -eq 1 ] || fail "one histogram, blkio's"
awk '$2 == "|" || $2 ~ /^\|@/ { if ($NF != 0) print $1, $NF }' "$TMPDIR/out" >"$TMPDIR/got"
printf '0 4\n16 1\n' | diff -u - "$TMPDIR/got" || fail "the distances"
exit 0
