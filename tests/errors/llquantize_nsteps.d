BEGIN
{
	@ = llquantize(1, 10, 0, 6, 3);
	exit(0);
}
