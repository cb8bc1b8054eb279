# SPDX-License-Identifier: GPL-2.0-only
# toolkit/funccount on kernel functions (fbt), where the kernel has kprobes: -c write 7
# counts the trigger's 7 vfs_write calls, the glob given alone ("vfs_*") or as a probe
# description; every counted function matches it.
. "$TESTDIR/tk.inc"
tk_tool funccount
for pat in 'vfs_*' 'fbt::vfs_w*:entry'; do
	"$tool" -c "$TRIGGERS/write 7" "$pat" >"$TMPDIR/out" 2>"$TMPDIR/err" ||
		fail "funccount $pat failed"
	cat "$TMPDIR/out"
	grep -Eq '^FUNC +COUNT$' "$TMPDIR/out" || fail "$pat: header"
	grep -Eq '^vfs_write +7$' "$TMPDIR/out" || fail "$pat: vfs_write not 7"
	[ -z "$(awk 'NF == 2 && $1 != "FUNC" && $1 !~ /^vfs_/' "$TMPDIR/out")" ] ||
		fail "$pat: functions not vfs_*"
done
exit 0
