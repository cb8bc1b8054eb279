/*
 * Boolean options take DTrace's words in any case: yes, true, on, set, enable(d) set one;
 * no, false, off, unset, disable(d) clear it. -x version takes a D version this compiler
 * knows; iregs takes the count DTrace would (8). Quiet is set last here, flowindent cleared.
 */
#pragma D option quiet=YES
#pragma D option quiet=off
#pragma D option quiet=SeT
#pragma D option flowindent=enabled
#pragma D option flowindent=UnSeT
#pragma D option version=1.6.2
#pragma D option iregs=8

BEGIN
{
	printf("quiet\n");
	exit(0);
}
