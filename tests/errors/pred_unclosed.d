/* A predicate's "/" with a "(" still open: DTrace's words, on the line of the "{" it read */
BEGIN
/strlen("x"/
{
	exit(0);
}
