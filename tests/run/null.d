/* NULL is address 0; a string compares against it by address, so no string is NULL. */
BEGIN
{
	printf("%p %d %d %d\n", NULL, "abc" == NULL, NULL != "", execname == NULL);
	exit(0);
}
