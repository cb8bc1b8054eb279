/*
 * Inlines with parameters (DTrace's "inline arrays"): each use is the definition with the
 * arguments in place of the parameters, as the parameters' types; fds[] of dlibs/io.d is one.
 */
#pragma D option quiet

inline int sum2[int x, int y] = x + y;
inline string greet[string who] = strjoin("hi ", who);
inline int8_t low[int v] = v;

syscall::openat:return
/pid == $target && fds[arg1].fi_name == "hostname"/
{
	printf("%d %s %d %d\n", sum2[1, 2], greet[execname], sum2[sum2[1, 1], arg1 - arg1],
	    low[0x1ff]);
	printf("%s %s %s|%s\n", fds[arg1].fi_pathname, fds[arg1].fi_name, fds[-1].fi_name,
	    fds[1 << 30].fi_pathname);
	@files[fds[arg1].fi_name] = count();
}
