/* Without -q: a clause whose only actions are under an if that is not taken prints nothing. */
BEGIN
{
	if (0) {
		trace(1);
	}
	if (1) {
		trace(2);
	}
}

BEGIN
{
	if (0)
		trace(3);
}

BEGIN
{
	exit(0);
}
