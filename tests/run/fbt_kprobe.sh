# SPDX-License-Identifier: GPL-2.0-only
# What run/fbt_args.d and run/fbt_stack.sh check of fbt, on kprobes (DTRACE_FBT_ATTACH=kprobe:
# kprobe_multi where the kernel has it, else a perf kprobe per function) where a program of
# so few probes would otherwise go on trampolines: the same arguments, typed args[], return
# value, stack and caller.
DTRACE_FBT_ATTACH=kprobe
export DTRACE_FBT_ATTACH
"$DTRACE" -q -c "$TRIGGERS/write 3" -s fbt_args.d >"$TMPDIR/out" 2>"$TMPDIR/err" ||
	{ cat "$TMPDIR/err"; exit 1; }
diff -u fbt_args.out "$TMPDIR/out" || exit 1
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
grep -Eq '^ +vmlinux`ksys_write +5$' "$TMPDIR/out" || { echo "caller is not ksys_write"; exit 1; }
