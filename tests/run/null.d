/*
 * NULL is address 0, a long as DTrace defines it (so %u and %d print it). Strings are values here, and where DTrace's string subroutines return
 * NULL (strtok at the end, strstr, ...) they return "": a string against NULL is "".
 */
BEGIN
{
	printf("%p %d %d %d %d\n", NULL, "abc" == NULL, NULL != "", execname == NULL,
	    strstr("abc", "x") == NULL);
	printf("%u %d %d\n", NULL, NULL, sizeof (NULL));
	/* C's null pointer constant: a pointer against NULL in ?: is that pointer's type */
	printf("%d %d\n", (0 ? curthread : NULL) == NULL, (1 ? NULL : curthread) == NULL);
	exit(0);
}
