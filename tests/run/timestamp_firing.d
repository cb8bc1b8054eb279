/*
 * timestamp is fixed for one probe firing, as in DTrace: every read in every clause of the
 * firing sees the first one's value, however much work comes between; the next firing reads
 * the clock again (a later value).
 */
syscall::getpid:entry
/pid == $target/
{
	self->t = timestamp;
	@later = sum(self->t > self->prev);
	self->s = strjoin(execname, lltostr(self->t));
	@same_clause = sum(timestamp == self->t);
}

syscall::getpid:entry
/pid == $target/
{
	@same_firing = sum(timestamp == self->t);
	self->prev = self->t;
}
