/* count() with string keys: printed at exit, sorted by value, ties by key. */
BEGIN
{
	@["b"] = count();
	@["a"] = count();
	@["a"] = count();
	@["ccc"] = count();
	exit(0);
}
