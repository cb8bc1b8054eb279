/* The fault codes of dlibs/dtrace.d name what dtrace:::ERROR reports in arg4. */
#pragma D option quiet

syscall::getpid:entry
/pid == $target/
{
	x = 0;
	trace(1 / x);
}

syscall::getpid:entry
/pid == $target/
{
	trace(*(int *)NULL);
}

ERROR
{
	printf("%s\n", arg4 == DTRACEFLT_DIVZERO ? "divzero" :
	    arg4 == DTRACEFLT_BADADDR ? "badaddr" : "other");
	n++;
}

ERROR
/n == 2/
{
	exit(0);
}
