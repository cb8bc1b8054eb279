BEGIN
{
	@ = llquantize(1, 10, 0, 6);
	exit(0);
}
