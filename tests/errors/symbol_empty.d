/* A backquote with no name: no symbol, and no hint about data symbols (it names none). */
BEGIN
{
	trace(sizeof(`));
}
