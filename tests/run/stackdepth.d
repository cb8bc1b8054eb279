/*
 * stackdepth counts the kernel frames where the probe fired: some at a system call, none in
 * BEGIN and END, which fire in no kernel code of their own (DTrace: 0).
 */
BEGIN
{
	printf("BEGIN %d\n", stackdepth);
}

syscall::getpid:entry
/pid == $target && !done/
{
	done = 1;
	printf("getpid %s\n", stackdepth > 0 ? "some" : "none");
}

END
{
	printf("END %d\n", stackdepth);
}
