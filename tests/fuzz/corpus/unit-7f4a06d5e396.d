BEGIN
{
	@ = tick-1();
}