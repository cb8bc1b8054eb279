/* tracemem() of a bad address is a fault naming it; the next clause still runs. */
BEGIN
{
	tracemem(0, 8);
}

BEGIN
{
	exit(0);
}
