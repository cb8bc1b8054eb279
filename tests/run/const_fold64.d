/*
 * A signed constant expression keeps its 64-bit value, as DTrace folds it: (1 << 63) - 1 is
 * an int whose value is INT64_MAX where it is used whole (an aggregation's increment, a sum),
 * narrowed to int where it is stored in an int variable or cast. One more in the same
 * bucket wraps it to INT64_MIN. Unsigned arithmetic still wraps at its type's width.
 */
int narrow;

BEGIN
{
	@q["lquantize"] = lquantize(1, 0, 4, 1, (1 << 63) - 1);
	@q["lquantize"] = lquantize(2, 0, 4, 1, (1 << 63) - 1);
	@q["lquantize"] = lquantize(2, 0, 4, 1);
	@s = sum((1 << 62) * 2 - 1);
	narrow = (1 << 63) - 1;
	printf("%d %d %d\n", narrow, (int)((1 << 32) + 5), 0xffffffffU + 2);
	exit(0);
}
