/*
 * -F: each entry indents what follows by two and each return takes it back; the syscall
 * provider's arrows are => and <=, other probes print "| func:name". With two clauses on a
 * probe only the first entry record indents and only the last return record unindents.
 */
BEGIN
{
	trace("begin");
}

syscall::openat:entry
/pid == $target && execname == "openat" && arg2 == 0/
{
	self->t = 1;
	trace(copyinstr(arg1));
}

syscall::openat:entry
/self->t/
{
	trace(arg2);
}

syscall::openat:return
/self->t/
{
	trace(errno);
}

syscall::openat:return
/self->t/
{
	self->t = 0;
	trace(arg1 >= 0);
}

END
{
	trace("end");
}
