/*
 * -x cppargs (Oracle's option): its blank-separated words go to cpp after dtrace's own, here
 * two macro definitions; DTRACE_OPT_CPPARGS sets it from the environment too.
 */
syscall::getpid:entry
/pid == $target/
{
	printf("%d %s\n", A + B, C);
}
