# SPDX-License-Identifier: GPL-2.0-only
# uregs[R_PC], R_SP, R_FP, R_FS and ucaller against what the regs trigger says they must be:
# the address after its syscall instruction, its stack and frame pointers there, its fs base
# and the return address of the function that made the call (the user stack's second frame,
# which is DTrace's ucaller). caller is the kernel's: the call site of the function that
# fires the sys_enter tracepoint, in do_syscall_64 on this kernel.
# shellcheck disable=SC2016 # $target is D, not shell
"$DTRACE" -q -o "$TMPDIR/d" -c "$TRIGGERS/regs print" -n 'syscall::getppid:entry
/pid == $target/
{
	printf("pc=0x%x sp=0x%x fp=0x%x ret=0x%x fs=0x%x\n", uregs[R_PC], uregs[R_SP],
	    uregs[R_FP], ucaller, uregs[R_FS]);
	printf("%a\n", caller);
}' >"$TMPDIR/c" 2>"$TMPDIR/err"
st=$?
cat "$TMPDIR/err"
[ "$st" -eq 0 ] || { echo "exit status $st, expected 0"; exit 1; }
head -n 1 "$TMPDIR/d" >"$TMPDIR/d1"
cmp -s "$TMPDIR/c" "$TMPDIR/d1" || { echo "trigger:"; cat "$TMPDIR/c"; echo "dtrace:"; cat "$TMPDIR/d"; exit 1; }
sed -n 2p "$TMPDIR/d" | grep -Eq '^vmlinux`do_syscall_64\+0x[0-9a-f]+$' ||
	{ cat "$TMPDIR/d"; echo "caller is not in do_syscall_64"; exit 1; }
