/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ERROR's clauses run inside the program of the probe that faulted, with state of their own
 * where that probe's clauses have none: strtok()'s (starting afresh) and scratch space
 * (alloca()), which the library routines they call use too. A fault in an ERROR clause is
 * reported as ERROR's (ID 3), and fires no ERROR again. After ERROR, the firing's later
 * clause sees its own probe again.
 */
#pragma D option quiet

syscall::getpid:entry
/pid == $target/
{
	x = *(int *)8;
}

syscall::getpid:entry
/pid == $target/
{
	printf("%s:%s, %s id\n", probefunc, probename, id == 3 ? "ERROR's" : "its own");
}

ERROR
{
	printf("%s %s %s.\n", strtok("x/y", "/"), strtok(NULL, "/"), cleanpath("/a/../b"));
	p = (char *)alloca(4);
	p[0] = 'A';
	p[1] = '\0';
	printf("%s %s:%s\n", stringof(p), probeprov, probename);
}

ERROR
{
	trace(*(int *)16);
}
