/* SPDX-License-Identifier: GPL-2.0-only */
/* loop: call getppid(2) N times (argv[1], default 1000000) through syscall(2) and print the
 * mean cost of one call as "ns_per_call N", timed with CLOCK_MONOTONIC around the loop. The
 * benchmarks run it untraced and traced; the difference is the tracer's cost per event.
 * "loop N user" calls the user function loop_target() instead (a uprobe's cost). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

__attribute__((noinline)) long loop_target(long i);
volatile long loop_sink;

long
loop_target(long i)
{
	__asm__ volatile("" ::: "memory");
	return i + 1;
}

int
main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000000;
	int user = argc > 2 && strcmp(argv[2], "user") == 0;
	struct timespec t0, t1;

	if (n <= 0)
		n = 1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (long i = 0; i < n; i++) {
		if (user)
			loop_sink = loop_target(i);
		else
			syscall(SYS_getppid);
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	long long ns = (t1.tv_sec - t0.tv_sec) * 1000000000LL + (t1.tv_nsec - t0.tv_nsec);
	printf("ns_per_call %lld\n", ns / n);
	return 0;
}
