/*
 * strtok(): tokens of a string across calls, with DTrace's semantics: runs of delimiters
 * (leading, repeated, trailing) separate nothing; each call may name other delimiters, and
 * the delimiter that ended a token is where the next call starts; "" and a string of only
 * delimiters have no token; NULL (here "") at the end, and after it. The string and the
 * position last the whole probe firing: the second clause goes on with the first's string.
 */
BEGIN
{
	printf("[%s]", strtok("  a  bb,c  ", " "));
	printf("[%s]", strtok(NULL, " "));
	printf(" %d %d\n", strtok(NULL, " ") == NULL, strtok(NULL, " ") == NULL);

	x = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
	printf("[%s]", strtok(x, "abcABC"));
	printf("[%s]", strtok(NULL, "MNO"));
	printf("[%s]", strtok(NULL, "MNO"));
	printf(" %d\n", strtok(NULL, "MNO") == NULL);

	printf("%d %d %d [%s] [%s]\n", strtok("", "") == NULL, strtok("", "ab") == NULL,
	    strtok("//////", "/") == NULL, strtok("foo", ""), strtok("x", "/"));
	this->t = strtok("usr/lib/x86_64-linux-gnu", "/");
}

BEGIN
/this->t == "usr"/
{
	printf("[%s]", strtok(NULL, "/"));
	this->t = strtok(NULL, "/");
	printf("[%s] %d\n", this->t, strtok(NULL, "/") == NULL);
}

BEGIN
{
	exit(0);
}
