/* -x tregs=5: at most 6 keys (DTrace's tuple registers plus one), at the first use too */
BEGIN
{
	@[1, 2, 3, 4, 5, 6, 7] = count();
	exit(0);
}
