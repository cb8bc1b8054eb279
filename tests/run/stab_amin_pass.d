/*
 * -x amin=Stable/Stable/Common: a program of Stable interfaces only runs (the dtrace
 * provider's BEGIN and END, D's variables and actions, the D library's curpsinfo and its
 * translated members, Stable by the library's #pragma D attributes).
 */
dtrace:::BEGIN
{
	printf("%d %s\n", curpsinfo->pr_pid == pid, execname);
	exit(0);
}

dtrace:::END
{
	printf("end\n");
}
