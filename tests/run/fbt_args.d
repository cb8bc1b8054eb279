/*
 * fbt (two probes: fentry and fexit where the kernel has BPF trampolines; run/fbt_kprobe.sh
 * runs this on kprobes): the function's arguments on entry (vfs_write's count, arg2), the return
 * value on return (arg1: the bytes written), args[] typed by the kernel's BTF (the file's
 * name through args[0]->f_path), and the probe's names. The trigger writes one byte to
 * /dev/null three times.
 */
fbt::vfs_write:entry
/pid == $target/
{
	printf("%s:%s:%s:%s count=%d file=%s size=%d\n", probeprov, probemod, probefunc,
	    probename, arg2, stringof(args[0]->f_path.dentry->d_name.name), args[2]);
}

fbt::vfs_write:return
/pid == $target/
{
	printf("%s:%s ret=%d args[1]=%d\n", probefunc, probename, (int)arg1, args[1]);
}
