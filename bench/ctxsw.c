/* SPDX-License-Identifier: GPL-2.0-only */
/* ctxsw: N round trips (argv[1], default 100000) between this process and a child through two
 * pipes, both pinned to CPU 0 so each round trip is two context switches (this process to the
 * child and back); then prints "ns_per_call X", X the wall time per context switch
 * (CLOCK_MONOTONIC). For the sched:::on-cpu benchmark: 2N switches of threads named ctxsw.
 * Bench-only (bench/run.sh compiles it). */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 100000;
	int ab[2], ba[2];
	struct timespec t0, t1;
	cpu_set_t set;
	char c = 0;
	pid_t child;

	if (n <= 0)
		n = 1;
	CPU_ZERO(&set);
	CPU_SET(0, &set);
	sched_setaffinity(0, sizeof(set), &set);
	if (pipe(ab) < 0 || pipe(ba) < 0)
		return 1;
	if ((child = fork()) == 0) {
		close(ab[1]);
		while (read(ab[0], &c, 1) == 1)
			if (write(ba[1], &c, 1) != 1)
				_exit(1);
		_exit(0);
	}
	close(ab[0]);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (long i = 0; i < n; i++)
		if (write(ab[1], &c, 1) != 1 || read(ba[0], &c, 1) != 1)
			return 1;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	close(ab[1]);
	waitpid(child, NULL, 0);
	printf("ns_per_call %.1f\n", ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) /
	       (2.0 * n));
	return 0;
}
