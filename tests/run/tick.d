/* tick-N fires repeatedly; exit from a slower tick. Only the exit status is checked. */
tick-10ms
{
	@ = count();
}

tick-100ms
{
	exit(0);
}
