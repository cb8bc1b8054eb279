/* lquantize() with underflow and overflow rows and a string key. */
BEGIN
{
	@["k"] = lquantize(3, 0, 10, 2);
	@["k"] = lquantize(11, 0, 10, 2);
	@["k"] = lquantize(-1, 0, 10, 2);
	exit(0);
}
