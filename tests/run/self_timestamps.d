/*
 * The classic thread-local timestamp pair: self->ts set on entry, used and cleared on return.
 * Exactly the trigger's calls are timed; the variable never leaks to other threads.
 */
syscall::getpid:entry
/pid == $target/
{
	self->ts = timestamp;
}

syscall::getpid:return
/self->ts/
{
	@calls = count();
	@positive = sum(timestamp - self->ts > 0);
	self->ts = 0;
}

syscall::getpid:return
/self->ts/
{
	@leaked = count();
}
