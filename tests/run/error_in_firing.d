/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dtrace:::ERROR fires at the fault, inside the firing, as in DTrace: what its clauses print
 * comes before what the probe's later clauses print, in BEGIN, in END and on a kernel probe.
 * Its arguments: arg2 the clause's index, arg3 the action (0: the predicate), arg4 the fault
 * code (4 divide-by-zero, 1 invalid address), arg5 the address.
 */
#pragma D option quiet

int zero;

BEGIN
{
	printf("BEGIN one\n");
}

BEGIN
{
	x = 1 / zero;
}

BEGIN
{
	printf("BEGIN three\n");
}

syscall::getpid:entry
/pid == $target/
{
	printf("getpid one\n");
}

syscall::getpid:entry
/pid == $target && *(int *)16/
{
	printf("not reached\n");
}

syscall::getpid:entry
/pid == $target/
{
	printf("getpid three\n");
}

END
{
	trace(*(int *)8);
}

END
{
	printf("END two\n");
}

ERROR
{
	printf("ERROR clause %d action %d fault %d address %d\n", arg2, arg3, arg4, arg5);
}
