/*
 * NULL is address 0. Strings are values here, and where DTrace's string subroutines return
 * NULL (strtok at the end, strstr, ...) they return "": a string against NULL is "".
 */
BEGIN
{
	printf("%p %d %d %d %d\n", NULL, "abc" == NULL, NULL != "", execname == NULL,
	    strstr("abc", "x") == NULL);
	exit(0);
}
