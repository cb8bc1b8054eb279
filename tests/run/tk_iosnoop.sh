# SPDX-License-Identifier: GPL-2.0-only
# toolkit/iosnoop on a loop device: blkio writes 3 blocks of 4096 bytes with O_DIRECT, then
# reads them back; each I/O is one line with the trigger's pid and name, the direction, the
# block and the size, in order. -d and -n keep only those; -A prints the extra fields.
. "$TESTDIR/tk.inc"
tk_tool iosnoop
tk_loop
"$tool" -d "$name" -n blkio -c "$TRIGGERS/blkio $dev 3" >"$TMPDIR/out" \
	2>"$TMPDIR/err" || fail "iosnoop failed"
cat "$TMPDIR/out"
head -n 1 "$TMPDIR/out" | grep -Eq '^ +UID +PID D +BLOCK +SIZE COMM +PATHNAME$' || fail "header"
# The same pid on every line; blocks, directions and sizes in the trigger's order.
[ "$(awk 'NR > 1 && NF { print $2 }' "$TMPDIR/out" | sort -u | wc -l)" -eq 1 ] || fail "pids"
awk 'NR > 1 && NF { print $1, $3, $4, $5, $6, $7 }' "$TMPDIR/out" >"$TMPDIR/got"
printf '0 %s %s 4096 blkio <none>\n' W 0 W 8 W 16 R 0 R 8 R 16 >"$TMPDIR/want"
diff -u "$TMPDIR/want" "$TMPDIR/got" || fail "the trigger's I/O"
# -A: space delimited, with the device and its numbers.
"$tool" -A -d "$name" -n blkio -c "$TRIGGERS/blkio $dev 1" >"$TMPDIR/out" \
	2>"$TMPDIR/err" || fail "iosnoop -A failed"
cat "$TMPDIR/out"
head -n 1 "$TMPDIR/out" | grep -q '^TIME STIME TIMESTR UID PID D DEVICE MAJ MIN BLOCK SIZE' ||
	fail "-A header"
[ "$(grep -c " W $name 7 [0-9]* 0 4096 " "$TMPDIR/out")" -eq 1 ] || fail "-A write"
[ "$(grep -c " R $name 7 [0-9]* 0 4096 " "$TMPDIR/out")" -eq 1 ] || fail "-A read"
exit 0
