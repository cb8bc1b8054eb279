BEGIN
{
	@ = llquantize(1, 10, 0, 6, 20);
	@ = llquantize(2, 10, 0, 5, 20);
	exit(0);
}
