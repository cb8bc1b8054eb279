/*
 * DTrace defines types as it parses: the incomplete member type is found before the clause's
 * broken predicate (a call of something that is no function), and is the error reported.
 */
struct outer {
	struct later l;
	int n;
};
struct later {
	int x;
};

BEGIN
/(1) (2)/
{
	exit(0);
}
