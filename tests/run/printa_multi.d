/* printa() with a format and two aggregations sharing a key. */
BEGIN
{
	@c["x"] = count();
	@t["x"] = sum(100);
	printa("%s %@d %@d\n", @c, @t);
	exit(0);
}
