/*
 * -F with -q: dtrace(1) still prints the FUNCTION header and each record's indented function
 * (only the newline after a record goes). Entries with no return traced nest deeper and
 * deeper; a return takes one level back before it prints.
 */
syscall::openat:entry
/pid == $target && execname == "openat" && arg2 == 0/
{
	self->t = 1;
	printf("open #%d\n", ++n);
}

syscall::close:entry,
syscall::close:return
/self->t/
{
	printf("%s\n", probename);
}
