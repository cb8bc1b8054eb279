BEGIN
{
	tick-10ms
}