BEGIN
{
	@ = llquantize(1, 10, -1, 6, 20);
	exit(0);
}
