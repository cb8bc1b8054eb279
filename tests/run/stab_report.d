/*
 * dtrace -v: before tracing, the program's stability report (DTrace's layout, on stdout):
 * the least attributes of its probe descriptions (syscall::getpid:entry is the syscall
 * provider's Evolving provider and name with its Unstable/ISA function; BEGIN, no provider
 * named, Unstable/Unstable/Common) and of its statements (all Stable here).
 */
BEGIN
{
	n = 0;
}

syscall::getpid:entry
/pid == $target/
{
	n++;
}

END
{
	printf("%d calls\n", n);
}
