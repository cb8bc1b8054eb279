/* Destructive actions with -w: raise() signals the traced process (SIGKILL after its first
 * getpid), system() runs a command from the consumer. */
BEGIN
{
	system("echo system says %d", 42);
}

syscall::getpid:entry
/pid == $target/
{
	@calls = count();
	raise(9);
}
