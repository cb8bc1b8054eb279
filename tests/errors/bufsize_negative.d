/* A size is never negative: -1 is refused, not read as 2^64 - 1 (a 1 GiB buffer). */
BEGIN
{
	exit(0);
}
