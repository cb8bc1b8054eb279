/* setopt(): an option set by the program while it runs, as -x would: aggsortkey here. */
#pragma D option quiet

syscall::getpid:entry
/pid == $target/
{
	@[3] = sum(1);
	@[1] = sum(5);
	@[2] = sum(9);
	setopt("aggsortkey");
	setopt("aggsortrev", "true");
	exit(0);
}
