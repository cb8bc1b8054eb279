/* args[] on syscall probes, typed from the syscall's tracepoint format: int, const char *,
 * and the return value. */
syscall::openat:entry
/pid == $target && args[2] == 0/
{
	printf("%d %s %d\n", args[0], copyinstr(args[1]), args[2]);
}

syscall::openat:return
/pid == $target/
{
	@ret[args[0]] = count();
}
