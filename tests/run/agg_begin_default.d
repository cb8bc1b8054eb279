/* A keyless count() without -q: the probe record line, then the aggregation at exit. */
BEGIN
{
	@ = count();
	exit(0);
}
