/* sizeof a string literal is its length and NUL, as DTrace gives it; a string variable's is
 * strsize */
#pragma D option strsize=100
BEGIN
{
	s = "abc";
	printf("%d %d %d\n", sizeof("hi"), sizeof(""), sizeof(s));
	exit(0);
}
