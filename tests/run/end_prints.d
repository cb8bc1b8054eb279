/* exit() in BEGIN still runs END. */
BEGIN
{
	exit(0);
}

END
{
	printf("end\n");
}
