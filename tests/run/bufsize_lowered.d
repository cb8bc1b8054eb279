/*
 * A buffer size above what a buffer here can take (1 GiB) is lowered to it with DTrace's
 * warning, and tracing goes on.
 */
#pragma D option aggsize=2g

BEGIN
{
	printf("ran\n");
	exit(0);
}
