/* Thread-local associative arrays: self->name[key, ...], keyed per thread. */
syscall::openat:entry
/pid == $target/
{
	self->t[probefunc] = timestamp;
	self->n[1, "x"]++;
}

syscall::openat:return
/self->t["openat"]/
{
	@returns = count();
	@most = max(self->n[1, "x"]);
	self->t["openat"] = 0;
}
