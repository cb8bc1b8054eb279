syscall::getpid:entry
{
	trace(args[0]);
}
