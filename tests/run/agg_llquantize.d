/*
 * llquantize(): keyless, with values below factor^low in magnitude (the middle row), in
 * several orders of magnitude with buckets wider than 1, at/above factor^(high+1), and
 * negative ones in the mirror buckets (DTrace 2's layout); keyed, with factor 2 where the low
 * orders have fewer buckets than steps, and with fewer steps than the factor.
 */
BEGIN
{
	@ = llquantize(0, 10, 1, 2, 20);
	@ = llquantize(5, 10, 1, 2, 20);
	@ = llquantize(-7, 10, 1, 2, 20);
	@ = llquantize(10, 10, 1, 2, 20);
	@ = llquantize(14, 10, 1, 2, 20);
	@ = llquantize(15, 10, 1, 2, 20);
	@ = llquantize(99, 10, 1, 2, 20);
	@ = llquantize(100, 10, 1, 2, 20);
	@ = llquantize(549, 10, 1, 2, 20);
	@ = llquantize(550, 10, 1, 2, 20);
	@ = llquantize(999, 10, 1, 2, 20);
	@ = llquantize(1000, 10, 1, 2, 20);
	@ = llquantize(123456789, 10, 1, 2, 20);
	@ = llquantize(-12, 10, 1, 2, 20);
	@ = llquantize(-550, 10, 1, 2, 20);
	@ = llquantize(-5000, 10, 1, 2, 20);
	@s = llquantize(3, 4, 0, 1, 2);
	@s = llquantize(-8, 4, 0, 1, 2);
	@k["a"] = llquantize(1, 2, 0, 3, 4);
	@k["a"] = llquantize(2, 2, 0, 3, 4);
	@k["a"] = llquantize(3, 2, 0, 3, 4);
	@k["a"] = llquantize(7, 2, 0, 3, 4);
	@k["a"] = llquantize(16, 2, 0, 3, 4);
	@k["b"] = llquantize(0, 2, 0, 3, 4);
	@k["b"] = llquantize(12, 2, 0, 3, 4);
	@k["b"] = llquantize(13, 2, 0, 3, 4);
	exit(0);
}
