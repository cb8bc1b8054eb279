/* Nothing reads a long double yet: trace() of one is refused. */
long double ld;

BEGIN
{
	trace(ld);
}
