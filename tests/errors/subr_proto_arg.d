BEGIN
{
	trace(index("abc", 3));
}
