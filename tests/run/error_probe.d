/* dtrace:::ERROR fires for a fault, with the probe's ID, the clause's index in the program,
 * the action, DTrace's fault code (1: bad address, 4: divide by zero) and the address, as
 * Oracle's DTrace gives them; tracing goes on. */
BEGIN
{
	myid = id;
	trace(*(int *)16);
}

BEGIN
{
	x = 0;
	trace(1 / x);
}

ERROR
{
	printf("ERROR: probe %d (BEGIN %d) clause %d action %d fault %d addr 0x%x\n", arg1,
	       myid, arg2, arg3, arg4, arg5);
}

BEGIN
{
	exit(0);
}
