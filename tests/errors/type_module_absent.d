/* A struct that neither the program nor the kernel defines, in the scope of a module the
 * kernel does not have: its errors say where the module is. */
BEGIN
{
	trace(sizeof (struct nosuchmod`no_such_tag));
}
