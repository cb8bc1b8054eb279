/*
 * String comparison in predicates: execname equals the trigger's name, and a non-match.
 * pid == $target too: another run's getpid trigger may make the same calls meanwhile.
 */
syscall::getpid:entry
/execname == "getpid" && pid == $target/
{
	@yes = count();
}

syscall::getpid:entry
/pid == $target && execname == "nomatch"/
{
	@no = count();
}
