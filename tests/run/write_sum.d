/* Probe arguments: the trigger writes 1 byte to /dev/null 300 times; sum the byte counts. */
syscall::write:entry
/pid == $target/
{
	@bytes = sum(arg2);
	@calls = count();
}
