# SPDX-License-Identifier: GPL-2.0-only
# toolkit/iotop on a loop device: blkio writes 3 blocks of 4096 bytes with O_DIRECT and reads
# them back. With an interval longer than the run, the table printed when the command exits
# (-c) has the trigger's 12288 bytes read and 12288 written on the device, and the totals;
# -o charges disk time instead (a positive number of microseconds each way).
. "$TESTDIR/tk.inc"
tk_tool iotop
tk_loop
"$tool" -C -d "$name" -c "$TRIGGERS/blkio $dev 3" 3600 >"$TMPDIR/out" \
	2>"$TMPDIR/err" || fail "iotop failed"
cat "$TMPDIR/out"
grep -Eq '^[0-9]{4} [A-Z][a-z]{2} [ 0-9][0-9] [0-9:]{8},  disk_r: +12 KB,  disk_w: +12 KB$' \
	"$TMPDIR/out" || fail "totals"
grep -Eq '^ +UID +PID +PPID CMD +DEVICE +MAJ MIN D +BYTES$' "$TMPDIR/out" || fail "header"
[ "$(grep -Ec "^ +0 +[0-9]+ +[0-9]+ blkio +$name +7 +[0-9]+ R +12288$" "$TMPDIR/out")" -eq 1 ] ||
	fail "reads"
[ "$(grep -Ec "^ +0 +[0-9]+ +[0-9]+ blkio +$name +7 +[0-9]+ W +12288$" "$TMPDIR/out")" -eq 1 ] ||
	fail "writes"
"$tool" -C -o -d "$name" -c "$TRIGGERS/blkio $dev 3" 3600 >"$TMPDIR/out" \
	2>"$TMPDIR/err" || fail "iotop -o failed"
cat "$TMPDIR/out"
grep -Eq ' D +DISKTIME$' "$TMPDIR/out" || fail "-o header"
[ "$(grep -Ec "^ +0 +[0-9]+ +[0-9]+ blkio +$name +7 +[0-9]+ [RW] +[1-9][0-9]*$" \
	"$TMPDIR/out")" -eq 2 ] || fail "-o lines"
exit 0
