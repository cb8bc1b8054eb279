/* A string's subscript is its char, as in DTrace: globals, clause-locals, thread-locals,
 * associative array values; past strsize it is an invalid address. */
BEGIN
{
	g = "ABCDEFG";
	this->l = "abc";
	self->t = "xyz";
	a[1] = "0123";
	i = 2;
	printf("%c %c %c %c %c %d\n", g[1], this->l[i], self->t[0], a[1][3], g[i + 4], g[7]);
}

BEGIN
{
	i = 100000;
	trace(g[i]);
}

ERROR
{
	printf("fault %d\n", arg4);
	exit(0);
}
