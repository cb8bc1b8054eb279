/*
 * Several clauses on one probe run in program order; one clause may name several
 * descriptions, with globs; a predicate-less empty clause is allowed.
 */
syscall::getpid:entry
/pid == $target/
{
	printf("first %s\n", probefunc);
}

syscall::getpi[d]:entry, syscall::getppi?:entry
/pid == $target/
{
	printf("second %s:%s:%s:%s\n", probeprov, probemod, probefunc, probename);
}

syscall::getpid:entry
/pid == $target/
{
	printf("third\n");
}
