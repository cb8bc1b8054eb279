/*
 * -x bufpolicy=fill: a CPU's buffer takes records until one does not fit in bufsize less what
 * END may write; then dtrace stops tracing (the command would run for minutes: it is killed
 * when dtrace exits), prints what was kept, runs END into its reserved room, and exits 0.
 * Our records take 16 bytes for printf("%d\n", n), 8 for printf("end\n"): 64 - 8 bytes hold
 * three of them.
 */
syscall::getpid:entry
/pid == $target && execname == "getpid"/
{
	printf("%d\n", ++n);
}

END
{
	printf("end\n");
}
