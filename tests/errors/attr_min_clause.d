/*
 * A clause whose probe description names no provider is Unstable/Unstable/Common: below
 * #pragma D option amin it is D_ATTR_MIN at the clause's line (its closing brace's, as
 * DTrace says), checked before its body, whose Solaris member is never looked up.
 */
#pragma D option amin=Evolving/Evolving/Common

BEGIN
{
	trace(curthread->t_procp);
	exit(0);
}
