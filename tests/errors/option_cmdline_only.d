/* Options only the command line may set are refused in a program, in DTrace's words. */
#pragma D option stdc=s
#pragma D option ldpath=/nonexistent
#pragma D option iregs=9
#pragma D option version=2.5
#pragma D option version=1.x

BEGIN
{
	exit(0);
}
