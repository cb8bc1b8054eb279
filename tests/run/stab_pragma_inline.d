/*
 * #pragma D attributes gives an inline the stability of the interface it makes: myinfo
 * translates the kernel's thread structure (Private/Private/Unknown by itself, see
 * stab_inline_private) but is declared Stable, so this clause's statements are Stable. The
 * D library's curpsinfo is Stable the same way.
 */
inline lwpsinfo_t *myinfo = xlate <lwpsinfo_t *> (curthread);

#pragma D attributes Stable/Stable/Common myinfo

dtrace:::BEGIN
{
	printf("%d %d\n", myinfo->pr_lwpid == tid, curpsinfo->pr_pid == pid);
	exit(0);
}
