/*
 * setopt() of an option fixed for the whole trace is refused while tracing, as DTrace: nspec
 * sized the consumer's speculation buffers (raising it overflowed them at exit); tracing goes
 * on (setopt.d shows the dynamic options changing).
 */
syscall::getpid:entry
/pid == $target/
{
	setopt("nspec", "64");
	setopt("bufsize", "8m");
	exit(0);
}

END
{
	printf("end\n");
}
