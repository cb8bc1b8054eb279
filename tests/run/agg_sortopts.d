/* aggsortkey, aggsortrev and aggsortkeypos change the order aggregations print in. */
#pragma D option aggsortkey
#pragma D option aggsortkeypos=1

BEGIN
{
	@[1, "b"] = count();
	@[2, "a"] = count();
	@[2, "a"] = count();
	@[0, "c"] = count();
	exit(0);
}
