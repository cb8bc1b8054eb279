# SPDX-License-Identifier: GPL-2.0-only
# toolkit/iopattern on a loop device: blkio writes blocks 0, 8 and 16 (4096 bytes each, with
# O_DIRECT), then reads them back in the same order: the first write and the first read are
# random (nothing before it on the device, a seek back to 0), the other four sequential. The
# line printed when the command exits (-c) says so, with the sizes and the 12 KB each way.
. "$TESTDIR/tk.inc"
tk_tool iopattern
tk_loop
"$tool" -v -d "$name" -c "$TRIGGERS/blkio $dev 3" 3600 >"$TMPDIR/out" \
	2>"$TMPDIR/err" || fail "iopattern failed"
cat "$TMPDIR/out"
head -n 1 "$TMPDIR/out" | grep -Eq '^TIME +%RAN %SEQ +COUNT +MIN +MAX +AVG +KR +KW$' ||
	fail "header"
grep -Eq '^[0-9]{4} [A-Z][a-z]{2} [ 0-9][0-9] [0-9:]{8} +33 +66 +6 +4096 +4096 +4096 +12 +12$' \
	"$TMPDIR/out" || fail "the trigger's pattern"
exit 0
