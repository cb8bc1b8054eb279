BEGIN
{
	exit(0);
}
