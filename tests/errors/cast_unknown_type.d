/*
 * A cast to a type nobody declared (here a Solaris kernel type) is a syntax error, as in
 * DTrace; the hint names the type the program could not see.
 */
BEGIN
{
	trace(((callout_t *)arg0)->c_func);
}
