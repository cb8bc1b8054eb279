/*
 * x++ and x-- give the old value for every kind of variable (associative and thread-local
 * elements included); a variable that x++ makes is an int64_t. errno.d and signal.d name
 * Linux's numbers.
 */
#pragma D option quiet

syscall::getpid:entry
/pid == $target/
{
	a["a"] = 42;
	v = a["a"]++;
	self->b["k"] = 5;
	w = self->b["k"]--;
	y = self->c++;
	n++;
	printf("%d %d %d %d %d %d %d\n", v, a["a"], w, self->b["k"], y, self->c, sizeof (n));
	printf("%d %d %d %d\n", ENOENT, EAGAIN, SIGUSR1, SIGKILL);
	exit(0);
}
