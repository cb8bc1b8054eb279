/*
 * A string plus an integer (either way round) is the string from that character on, as
 * DTrace's strings step like char pointers: past the end it is "". For every kind of
 * variable, and for a string a subroutine made.
 */
#pragma D option quiet

BEGIN
{
	g = "abcdef";
	this->l = "12";
	self->t = "xyz";
	a[1] = "hello";
	printf("[%s] [%s] [%s] [%s] [%s]\n", g + 1, 1 + this->l, self->t + 3, a[1] + 9,
	    strjoin("ab", "cd") + 2);
	exit(0);
}
