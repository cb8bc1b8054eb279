/*
 * Several new keys in one firing of a probe in interrupt context: each gets its entry. The
 * kernel cannot allocate a second map element during one interrupt (its allocator refills
 * afterwards), so aggregation maps are preallocated: none of these may drop.
 */
#pragma D option quiet

tick-1ms
{
	@a["b"] = sum(1);
	@a["a"] = sum(2);
	@a["c"] = sum(3);
	@b[1, 2] = count();
	@b[3, 4] = count();
	exit(0);
}
