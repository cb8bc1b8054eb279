/*
 * -x amin: a clause of the dtrace provider is Stable, but curthread is the kernel's
 * thread (Stable/Private/Common): refused where it is named, before the member it is
 * used with is looked up (t_procp, Solaris's, would be an error of its own), as the
 * Solaris Dynamic Tracing Guide shows for dtrace -x amin=Evolving/Evolving/Common.
 */
dtrace:::BEGIN
{
	trace(curthread->t_procp);
}
