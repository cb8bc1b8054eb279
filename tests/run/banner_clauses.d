/* The banner counts each clause's probes, as DTrace does: 4 here, of 3 distinct probes. */
BEGIN
{
}

BEGIN, tick-1ms
{
}

tick-1ms
{
	exit(0);
}
