/*
 * NULL is address 0, a long as DTrace defines it (so %u and %d print it). Strings are values here, and where DTrace's string subroutines return
 * NULL (strtok at the end, strstr, ...) they return "": a string against NULL is "".
 */
BEGIN
{
	printf("%p %d %d %d %d\n", NULL, "abc" == NULL, NULL != "", execname == NULL,
	    strstr("abc", "x") == NULL);
	printf("%u %d %d\n", NULL, NULL, sizeof (NULL));
	exit(0);
}
