/* DTrace stops at a script's first compile error: two independent errors, one is printed
 * (-x maxerrors=N prints up to N; tests/errors/action_proto uses it). */
BEGIN
{
	trace(nosuchvar_a + "x");
	trace(strlen(1, 2));
}
