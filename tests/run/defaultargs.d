/*
 * #pragma D option defaultargs: macro arguments not given are 0 ($N) and "" ($$N), as in
 * DTrace; those given keep their values (defaultargs.args gives $1 only).
 */
#pragma D option defaultargs
#pragma D option quiet

BEGIN
{
	printf("[%d] [%s] [%d] [%s] [%d]\n", $1, $$1, $2, $$3, $3 + 1);
	exit(0);
}
