/* trace() of integers (right-aligned) and of a string (left-aligned, padded), default output. */
BEGIN
{
	trace(42);
	trace(-1);
	trace("str");
	exit(0);
}
