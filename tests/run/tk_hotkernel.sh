# SPDX-License-Identifier: GPL-2.0-only
# toolkit/hotkernel while loop makes 2,000,000 getppid(2) calls (-c): kernel functions of the
# system call path are among the sampled ones, each line a function with its count and
# share (the shares add up to 100%); -m: by module, the kernel's samples all under one
# "vmlinux" line (mod() keys merge their addresses; run/ksym_keys_merge tests func()'s).
. "$TESTDIR/tk.inc"
tk_tool hotkernel
"$tool" -c "$TRIGGERS/loop 2000000" >"$TMPDIR/out" 2>"$TMPDIR/err" || fail "hotkernel failed"
cat "$TMPDIR/out"
grep -Eq '^FUNCTION +COUNT +PCNT$' "$TMPDIR/out" || fail "header"
grep -Eq '^vmlinux`[^ +]+ +[0-9]+ +[0-9.]+%$' "$TMPDIR/out" || fail "no kernel function"
grep -Eq '^vmlinux`[^ ]*(syscall|SYSCALL|getppid)[^ ]* ' "$TMPDIR/out" ||
	fail "no function of the system call path"
awk '/%$/ { s += $NF; n++ } END { exit !(n > 0 && s > 100 - 0.05 * n && s < 100 + 0.05 * n) }' \
	"$TMPDIR/out" || fail "the shares do not add up"
"$tool" -m -c "$TRIGGERS/loop 2000000" >"$TMPDIR/out" 2>"$TMPDIR/err" || fail "hotkernel -m"
cat "$TMPDIR/out"
grep -Eq '^MODULE +COUNT +PCNT$' "$TMPDIR/out" || fail "-m header"
[ "$(grep -c '^vmlinux ' "$TMPDIR/out")" -eq 1 ] || fail "-m: not one vmlinux line"
exit 0
