/* String comparison: literals, execname, probe names; ==, !=, <, >. */
BEGIN
{
	printf("%d %d %d %d\n", "abc" == "abc", "abc" != "abd", "abc" < "abd", "b" > "abc");
	printf("%d %d\n", probename == "BEGIN", probeprov != "dtrace");
	printf("%d %d\n", execname == "dtrace", "dtrace" == execname);
	printf("%d\n", probefunc == probemod);
	exit(0);
}
