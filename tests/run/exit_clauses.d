/*
 * As in DTrace: after exit( ) the later clauses of the same firing do not run (nor any
 * probe but END), and the last exit( ) says the status (END's over tick's).
 */
BEGIN
{
	n = 0;
}

tick-1ms
{
	exit(1);
}

tick-1ms
{
	n++;
}

END
{
	printf("%d\n", n);
	exit(2);
}
