# SPDX-License-Identifier: GPL-2.0-only
# toolkit/stacks vfs_write, where the kernel has kprobes: -c write 5 gives one kernel stack,
# counted 5 times, through ksys_write and the system call entry; -u adds the user stack, in
# the trigger's libc (its syscall(3)); -n keeps other names out.
. "$TESTDIR/tk.inc"
tk_tool stacks
"$tool" -c "$TRIGGERS/write 5" vfs_write >"$TMPDIR/out" 2>"$TMPDIR/err" || fail "stacks failed"
cat "$TMPDIR/out"
grep -q '^Tracing fbt::vfs_write:entry\.\.\. Hit Ctrl-C to end\.$' "$TMPDIR/out" || fail "header"
grep -Eq '^ {14}vmlinux`ksys_write\+0x[0-9a-f]+$' "$TMPDIR/out" || fail "no ksys_write frame"
grep -Eq '^ {14}vmlinux`(do_syscall_64|x64_sys_call)\+0x[0-9a-f]+$' "$TMPDIR/out" ||
	fail "no system call frame"
grep -Eq '^ +5$' "$TMPDIR/out" || fail "the stack is not counted 5 times"
"$tool" -u -n write -c "$TRIGGERS/write 5" 'fbt::vfs_write:entry' >"$TMPDIR/out" \
	2>"$TMPDIR/err" || fail "stacks -u failed"
cat "$TMPDIR/out"
grep -Eq '^ {14}libc\.so\.6`' "$TMPDIR/out" || fail "-u: no libc frame"
exit 0
