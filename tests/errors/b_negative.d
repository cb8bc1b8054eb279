/* -b takes a size: a negative one is refused. */
BEGIN
{
	exit(0);
}
