# SPDX-License-Identifier: GPL-2.0-only
# One BTF handle per run: a program that reads a kernel type in D (curthread->pid, sema) and
# walks kernel structs in generated code (ppid, vtimestamp: codegen's offsets) opens the
# kernel's BTF once. The outer dtrace counts the inner one's successful opens of it.
[ -r /sys/kernel/btf/vmlinux ] || { echo "no /sys/kernel/btf/vmlinux"; exit 77; }
cat >"$TMPDIR/inner.d" <<'D'
BEGIN
{
	printf("%d %d %d\n", curthread->pid == pid, ppid > 1, vtimestamp > 0);
	exit(0);
}
D
cat >"$TMPDIR/outer.d" <<'D'
syscall::openat:entry
/pid == $target/
{
	self->path = copyinstr(arg1);
}

syscall::openat:return
/self->path == "/sys/kernel/btf/vmlinux" && (int)arg1 >= 0/
{
	opens++;
}

syscall::openat:return
{
	self->path = 0;
}

END
{
	printf("opens=%d\n", opens);
}
D
out=$("$DTRACE" -q -s "$TMPDIR/outer.d" -c "$DTRACE -q -s $TMPDIR/inner.d") || exit 1
# the inner program ran (its line), and read the kernel's BTF once
printf '%s\n' "$out" | grep -qx '1 1 1' || { echo "got: $out"; exit 1; }
printf '%s\n' "$out" | grep -qx 'opens=1' || { echo "got: $out"; exit 1; }
