/* printa() with a format joining two aggregations, printa() of one, normalize(); aggregations
 * printed by printa() are not printed again at exit. */
syscall::getpid:entry
/pid == $target/
{
	@a["x"] = count();
	@b["x"] = sum(2);
	@c["y"] = count();
	@n = sum(1000);
	@left = count();
}

END
{
	printa("%s %@d %@d\n", @a, @b);
	printa(@c);
	normalize(@n, 10);
	printa("n=%@d\n", @n);
}
