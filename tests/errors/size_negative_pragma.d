#pragma D option dynvarsize=-4k

BEGIN
{
	exit(0);
}
