/* SPDX-License-Identifier: GPL-2.0-only */
/* getpid: call getpid(2) exactly N times (argv[1], default 1) through syscall(2), so the C
 * library cannot cache or skip it, then exit 0. Used by syscall-provider count tests. */
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1;

	for (long i = 0; i < n; i++)
		syscall(SYS_getpid);
	return 0;
}
