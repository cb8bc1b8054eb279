/* A Solaris built-in variable Linux has no counterpart for: unknown, and the hint says why. */
BEGIN
{
	trace(zonename);
}
