/* exit(N) sets dtrace's exit status. */
BEGIN
{
	exit(3);
}
