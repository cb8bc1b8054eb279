/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The consumer's first look at the kernel's state is when tracing starts, so an exit( ) in
 * BEGIN ends tracing at once even with an hour's statusrate (otherwise the test times out).
 */
#pragma D option quiet
#pragma D option statusrate=1h

BEGIN
{
	exit(4);
}

END
{
	printf("end\n");
}
