/* Speculative tracing: each openat is traced speculatively; only the failed ones are
 * committed (printed), the successful ones (the dynamic loader's) are discarded. */
syscall::openat:entry
/pid == $target/
{
	self->spec = speculation();
	speculate(self->spec);
	printf("open %s\n", copyinstr(arg1));
}

syscall::openat:return
/pid == $target && self->spec && errno != 0/
{
	commit(self->spec);
	self->spec = 0;
}

syscall::openat:return
/pid == $target && self->spec/
{
	discard(self->spec);
	self->spec = 0;
}
