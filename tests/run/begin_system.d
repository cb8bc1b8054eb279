/*
 * BEGIN's records are read once the probes are attached, as DTrace's consumer reads them
 * once tracing runs: the command a system() in BEGIN starts is seen by the probes.
 */
#pragma D option quiet
#pragma D option destructive

BEGIN
{
	system("echo seen-by-write > /dev/null");
}

syscall::write:entry
/ppid == $pid/
{
	printf("write by the command BEGIN started\n");
	exit(0);
}
