BEGIN
{
	trace("abc" == 1);
}
