BEGIN
{
	trace(strtok(1234, "abc"));
	trace(strtok("abc", 1));
}
