/* dtrace:::ERROR fires for a fault, with the enabled probe, the action, DTrace's fault code
 * (1: bad address, 4: divide by zero) and the address; tracing goes on. */
BEGIN
{
	trace(*(int *)16);
}

BEGIN
{
	x = 0;
	trace(1 / x);
}

ERROR
{
	printf("ERROR: epid %d action %d fault %d addr 0x%x\n", arg1, arg2, arg4, arg5);
}

BEGIN
{
	exit(0);
}
