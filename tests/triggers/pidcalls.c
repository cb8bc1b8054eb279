/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pidcalls N: calls functions with known arguments N times (argv[1], default 1), for the
 * pid provider's tests, then exits 0:
 *
 *   pidcalls_ten(i, 2, 3, 4, 5, 6, 7, 8, 9, 10)   returns the sum of its ten arguments
 *   dtpid_mul(i, 3)                                 in libdtpid.so; returns 3 * i
 *   pidcalls_deep(i) -> dtpid_twice(i) -> dtpid_mul(i, 2)   (a known call chain)
 *
 * for i = 1 .. N. "pidcalls N ready" first writes "ready" to stdout (for a test to read from
 * a FIFO: the process is running, its libraries mapped, before -p grabs it). Built PIE
 * (pidcalls) and not (pidcalls-nopie), linked with libdtpid.so beside it (rpath $ORIGIN),
 * with frame pointers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

long dtpid_mul(long a, long b);
long dtpid_twice(long a);

static volatile long sink;

__attribute__((noinline)) long pidcalls_ten(long a, long b, long c, long d, long e, long f,
					    long g, long h, long i, long j);
__attribute__((noinline)) long pidcalls_deep(long a);

long
pidcalls_ten(long a, long b, long c, long d, long e, long f, long g, long h, long i, long j)
{
	__asm__ volatile("" ::: "memory");
	return a + b + c + d + e + f + g + h + i + j;
}

long
pidcalls_deep(long a)
{
	long r = dtpid_twice(a);

	sink = r;	/* not a tail call */
	return r;
}

int
main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1;

	if (argc > 2 && strcmp(argv[2], "ready") == 0) {
		printf("ready\n");
		fclose(stdout);
	}
	for (long i = 1; i <= n; i++) {
		sink = pidcalls_ten(i, 2, 3, 4, 5, 6, 7, 8, 9, 10);
		sink = dtpid_mul(i, 3);
		sink = pidcalls_deep(i);
	}
	return 0;
}
