/* -x defaultargs on the command line, no argument given: $1 is 0 and $$1 is "". */
BEGIN
{
	printf("[%d] [%s]\n", $1, $$1);
	exit(0);
}
