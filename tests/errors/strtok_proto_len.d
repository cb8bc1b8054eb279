BEGIN
{
	trace(strtok("abc"));
	trace(strtok("abc", "b", "c"));
}
