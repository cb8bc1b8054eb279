/* SPDX-License-Identifier: GPL-2.0-only */
/* cpuspin: spin on each CPU in turn, pinned to it, until this thread has used N ms of CPU
 * time there (argv[1], default 100), so that a profile provider sampling at ~1 kHz sees it
 * about N times on every CPU. Exits 0. */
#define _GNU_SOURCE
#include <sched.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static long long
cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int
main(int argc, char **argv)
{
	long long ms = argc > 1 ? atol(argv[1]) : 100;
	long ncpus = sysconf(_SC_NPROCESSORS_ONLN);

	for (long cpu = 0; cpu < ncpus; cpu++) {
		cpu_set_t set;
		long long end;

		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		if (sched_setaffinity(0, sizeof(set), &set) != 0)
			continue;	/* offline or not ours: skipped */
		end = cpu_ns() + ms * 1000000;
		while (cpu_ns() < end)
			;
	}
	return 0;
}
