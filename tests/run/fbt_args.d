/*
 * fbt on a kprobe: the function's arguments on entry (vfs_write's count, arg2), the return
 * value on return (arg1: the bytes written), and the probe's names. The trigger writes one
 * byte three times.
 */
fbt::vfs_write:entry
/pid == $target/
{
	printf("%s:%s:%s:%s count=%d\n", probeprov, probemod, probefunc, probename, arg2);
}

fbt::vfs_write:return
/pid == $target/
{
	printf("%s:%s ret=%d\n", probefunc, probename, (int)arg1);
}
