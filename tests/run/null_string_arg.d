/*
 * NULL (or 0) where a subroutine wants a string is DTrace's NULL string: the call compiles,
 * and reading it is an invalid address fault at 0 that stops the clause. strtok( )'s first
 * argument is the exception: NULL there goes on with the string before.
 */
#pragma D option quiet

BEGIN
{
	strlen(0);
	printf("not reached\n");
}

BEGIN
{
	trace(substr(NULL, 1));
	printf("not reached\n");
}

BEGIN
{
	trace(strtok("abc", NULL));
	printf("not reached\n");
}

BEGIN
{
	printf("%s %s\n", strtok("a/b", "/"), strtok(NULL, "/"));
	exit(0);
}

ERROR
{
	printf("fault %d at %d\n", arg4, arg5);
}
