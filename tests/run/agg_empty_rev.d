/*
 * printa( ) of an aggregation with no entries prints its empty line, as DTrace does; with
 * aggsortrev the aggregations print at exit in reverse order (DTrace sorts their entries all
 * together, the aggregation first).
 */
#pragma D option quiet
#pragma D option aggsortrev

tick-1ms
/0/
{
	@e[1] = count();
}

tick-1ms
{
	@a[1] = count();
	@b[2] = sum(5);
	printf("[");
	printa(@e);
	printf("]\n");
	exit(0);
}
