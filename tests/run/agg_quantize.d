/* quantize(): power-of-two buckets, negative values, zero rows around the data. */
BEGIN
{
	@ = quantize(0);
	@ = quantize(1);
	@ = quantize(5);
	@ = quantize(5);
	@ = quantize(1000);
	@ = quantize(-2);
	exit(0);
}
