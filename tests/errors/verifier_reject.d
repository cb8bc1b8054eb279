/*
 * A program the kernel's verifier rejects is reported at the D source the failing
 * instruction came from. -x rejectclause=3 (a debugging option) starts the third clause
 * with a read of a register nothing has set; that clause is the second subprogram of the
 * getpid program, after its prologue and the first clause.
 */
BEGIN
{
	n = 1;
}

syscall::getpid:entry
{
	n++;
}

syscall::getpid:entry
/n > 1/
{
	trace(n);
}
