/* clear() keeps keys with zero values; trunc(@, n) keeps the n largest. */
syscall::getpid:entry
/pid == $target/
{
	@k[execname] = count();
	@t[1] = count();
	@t[2] = count();
	@t[2] = count();
	@t[3] = count();
	@t[3] = count();
	@t[3] = count();
}

END
{
	clear(@k);
	trunc(@t, 2);
}
