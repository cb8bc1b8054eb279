BEGIN
{
	trace(cleanpath());
	trace(cleanpath("/a", "/b"));
	trace(cleanpath(42));
}
