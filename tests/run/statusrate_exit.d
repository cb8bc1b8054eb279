/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * With a statusrate, the consumer acts on an exit( ) at its next look at the kernel's state
 * (when tracing starts, then every statusrate), as DTrace's does: END comes no sooner than
 * one statusrate after tracing started. The probes stop at once, in the kernel: the tick
 * that exits is the last one counted, though END comes a second and more later.
 */
#pragma D option quiet
#pragma D option statusrate=1200ms

BEGIN
{
	start = timestamp;
}

tick-10ms
{
	n++;
}

tick-10ms
/n == 3/
{
	exit(0);
}

END
{
	printf("%d ticks; END %s one statusrate after the start\n", n,
	    timestamp - start >= 1200000000 ? "at least" : "LESS THAN");
}
