/* SPDX-License-Identifier: GPL-2.0-only */
/* write_keys: write(2) to /dev/null N times (argv[1], default 100000) with sizes 1..N, so a
 * tracer keyed on the size sees N distinct keys; then print "exit_realtime_ns T" (the
 * CLOCK_REALTIME just before exiting) so the caller can time the tracer's exit from it.
 * Bench-only (bench/run.sh compiles it). */
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
	int fd = open("/dev/null", O_WRONLY);
	char *buf;
	struct timespec t;

	if (n <= 0)
		n = 1;
	if (fd < 0 || (buf = calloc(1, (size_t)n)) == NULL) {
		perror("write_keys");
		return 1;
	}
	for (long i = 1; i <= n; i++)
		syscall(SYS_write, fd, buf, (size_t)i);
	close(fd);
	clock_gettime(CLOCK_REALTIME, &t);
	printf("exit_realtime_ns %lld\n", (long long)t.tv_sec * 1000000000LL + t.tv_nsec);
	fflush(stdout);
	return 0;
}
