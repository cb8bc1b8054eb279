/* A predicate that is not scalar: DTrace names the clause's last line. */
int a[4];

BEGIN
/a/
{
	exit(0);
}
