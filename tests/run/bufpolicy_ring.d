/*
 * -x bufpolicy=ring: each CPU keeps only its most recent bufsize bytes of records, printed
 * when tracing stops. Everything here runs on CPU 0 (the trigger is pinned there; END runs
 * on the first CPU dtrace may use). Our records take 16 bytes for printf("%d\n", n) and for
 * exit(3), 8 for printf("end\n"): the 64 bytes end up holding 19, 20, exit and end.
 */
#pragma D option bufpolicy=ring
#pragma D option bufsize=64

syscall::getpid:entry
/pid == $target && execname == "getpid"/
{
	printf("%d\n", ++n);
}

syscall::getpid:entry
/pid == $target && n == 20/
{
	exit(3);
}

END
{
	printf("end\n");
}
