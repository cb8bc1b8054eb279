/*
 * dynvarsize is one pool for all thread-local and associative variables, as in DTrace: 8
 * bytes hold two int thread-locals (4 bytes each, as DTrace counts them). The third is a dynamic variable drop, and its clause
 * ends there (the statement after it does not run); deleting one (assigning 0) gives its place
 * back, so the next clause can make the third.
 */
#pragma D option dynvarsize=8

syscall::getpid:entry
/pid == $target/
{
	self->a = 1;
	self->b = 2;
	self->c = 3;
	@after_drop = count();
}

syscall::getpid:entry
/pid == $target/
{
	@a = sum(self->a);
	@c_dropped = sum(self->c);
	self->a = 0;
	self->c = 3;
	@c_made = sum(self->c);
}
