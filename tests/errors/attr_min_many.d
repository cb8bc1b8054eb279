/*
 * -x amin=Stable/Stable/Common: each name below it is D_ATTR_MIN where it is used: an
 * Evolving subroutine, a kernel type, a variable #pragma D attributes lowers, an inline
 * whose definition translates the kernel's structures; a clause of the syscall provider
 * (its function names are Unstable/ISA).
 */
#pragma D attributes Evolving/Evolving/Common x

inline lwpsinfo_t *myinfo = xlate <lwpsinfo_t *> ((struct task_struct *)0);

dtrace:::BEGIN
{
	x = 1;
	trace(d_path(0));
	trace((struct file *)0);
	trace(x);
	trace(myinfo->pr_lwpid);
}

syscall::getpid:entry
{
	trace(1);
}
