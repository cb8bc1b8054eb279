/*
 * dtrace -v: an inline without #pragma D attributes has the least attributes of its
 * definition: a translation of the kernel's thread structure is the kernel's
 * (Private/Private/Unknown), and so are the statements that use it (stab_pragma_inline
 * declares the same inline Stable).
 */
inline lwpsinfo_t *myinfo = xlate <lwpsinfo_t *> (curthread);

dtrace:::BEGIN
{
	printf("%d\n", myinfo->pr_lwpid == tid);
	exit(0);
}
