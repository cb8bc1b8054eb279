# SPDX-License-Identifier: GPL-2.0-only
# Kernel stacks of a function's callers: stack() at vfs_write's entry (fentry where the kernel
# has trampolines; run/fbt_kprobe.sh on kprobes) as an aggregation key,
# and caller, func(caller). ksys_write calls vfs_write for write(2); 5 writes, 5 times.
cat >"$TMPDIR/stack.d" <<'D'
fbt::vfs_write:entry
/pid == $target/
{
	@[stack()] = count();
	@c[func(caller)] = count();
}
D
"$DTRACE" -q -s "$TMPDIR/stack.d" -c "$TRIGGERS/write 5" >"$TMPDIR/out" 2>"$TMPDIR/err" ||
	{ cat "$TMPDIR/err"; exit 1; }
cat "$TMPDIR/out"
grep -Eq '^ {14}vmlinux`ksys_write\+0x[0-9a-f]+$' "$TMPDIR/out" ||
	{ echo "no ksys_write frame"; exit 1; }
grep -Eq '^ {14}vmlinux`(do_syscall_64|x64_sys_call)\+0x[0-9a-f]+$' "$TMPDIR/out" ||
	{ echo "no syscall frame"; exit 1; }
grep -Eq '^ +5$' "$TMPDIR/out" || { echo "the stack is not counted 5 times"; exit 1; }
grep -Eq '^ +vmlinux`ksys_write +5$' "$TMPDIR/out" || { echo "caller is not ksys_write"; exit 1; }
