/* String comparison in predicates: execname equals the trigger's name, and a non-match. */
syscall::getpid:entry
/execname == "getpid"/
{
	@yes = count();
}

syscall::getpid:entry
/pid == $target && execname == "nomatch"/
{
	@no = count();
}
