/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * An exit( ) in ERROR stops tracing at the fault, as in DTrace: the later clauses of the
 * firing that faulted do not run (on a kernel probe and in BEGIN alike), and the status is
 * ERROR's.
 */
#pragma D option quiet

BEGIN
{
	printf("BEGIN\n");
}

syscall::getpid:entry
/pid == $target/
{
	trace(*(int *)0);
}

syscall::getpid:entry
/pid == $target/
{
	printf("not reached\n");
}

ERROR
{
	printf("ERROR %d\n", arg4);
	exit(3);
}

END
{
	printf("END\n");
}
