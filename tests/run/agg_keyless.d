/* Keyless avg(), min(), max() and stddev(). */
BEGIN
{
	@a = avg(3);
	@a = avg(4);
	@m = min(-5);
	@x = max(9);
	@s = stddev(2);
	@s = stddev(4);
	exit(0);
}
