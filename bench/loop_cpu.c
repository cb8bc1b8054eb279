/* SPDX-License-Identifier: GPL-2.0-only */
/* loop_cpu: build/tests/triggers/loop with its own CPU time: call getppid(2) N times
 * (argv[1], default 1000000), then print "ns_per_call N" (CLOCK_MONOTONIC around the loop)
 * and "cpu_ns N" (user+system time of this process, getrusage) to stderr, so that a tracer
 * run with -c keeps its stdout for records alone. The tracer reaps it, so the tracer's
 * rusage includes it: the printf benchmark subtracts cpu_ns to get the consumer's own CPU
 * time. Bench-only (bench/run.sh compiles it). */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000000;
	struct timespec t0, t1;
	struct rusage ru;

	if (n <= 0)
		n = 1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (long i = 0; i < n; i++)
		syscall(SYS_getppid);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	long long ns = (t1.tv_sec - t0.tv_sec) * 1000000000LL + (t1.tv_nsec - t0.tv_nsec);
	getrusage(RUSAGE_SELF, &ru);
	long long cpu = (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000000LL +
	    (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1000LL;
	fprintf(stderr, "ns_per_call %lld\ncpu_ns %lld\n", ns / n, cpu);
	return 0;
}
