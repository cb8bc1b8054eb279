/* sum() with an integer and a string key. */
BEGIN
{
	@[1, "x"] = sum(10);
	@[2, "y"] = sum(5);
	@[-3, "z"] = sum(7);
	exit(0);
}
