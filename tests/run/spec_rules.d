/*
 * Speculation edge cases, not quiet: a clause that only commits or discards prints no line
 * of its own; one clause may commit several ids; speculate() of an id that is no active
 * speculation (0 here) ends its clause with nothing recorded, so what follows it does not
 * run; commit() of an id past nspec is an "illegal operation" fault.
 */
#pragma D option nspec=4

BEGIN
{
	a = speculation();
	b = speculation();
	n = 0;
}

BEGIN
{
	speculate(a);
	printf("first %d", a);
}

BEGIN
{
	speculate(b);
	printf("second %d", b);
}

BEGIN
{
	speculate(0);
	n++;
}

BEGIN
{
	commit(b);
	commit(a);
}

BEGIN
{
	discard(a);
}

BEGIN
{
	printf("n=%d", n);
}

BEGIN
{
	commit(-1);
}

BEGIN
{
	exit(0);
}
