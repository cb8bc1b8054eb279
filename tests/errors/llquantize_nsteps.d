BEGIN
{
	@ = llquantize(1, 10, 0, 6, 5);
	exit(0);
}
