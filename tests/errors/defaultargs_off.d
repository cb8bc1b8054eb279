/* Without -x defaultargs a macro argument not given is an error (D_MACRO_UNDEF). */
BEGIN
{
	trace($2);
}
