/* SPDX-License-Identifier: GPL-2.0-only */
/* openat_loop: openat(2) PATH (argv[2], default /etc/hostname) N times (argv[1], default
 * 100000), closing each descriptor, and print the mean cost of one open+close as
 * "ns_per_call N", timed with CLOCK_MONOTONIC around the loop. The path is copied to the
 * stack first, so its page is resident when a tracer first copies it in (a probe cannot
 * fault a page in: the first copyinstr() of a string in untouched .rodata fails).
 * Bench-only (bench/run.sh compiles it): the string-key benchmark runs it untraced and
 * traced. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 100000;
	char path[4096];
	struct timespec t0, t1;

	if (n <= 0)
		n = 1;
	snprintf(path, sizeof(path), "%s", argc > 2 ? argv[2] : "/etc/hostname");
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (long i = 0; i < n; i++) {
		int fd = (int)syscall(SYS_openat, AT_FDCWD, path, O_RDONLY);

		if (fd >= 0)
			close(fd);
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	long long ns = (t1.tv_sec - t0.tv_sec) * 1000000000LL + (t1.tv_nsec - t0.tv_nsec);
	printf("ns_per_call %lld\n", ns / n);
	return 0;
}
