#pragma D option switchrate=-1s

BEGIN
{
	exit(0);
}
