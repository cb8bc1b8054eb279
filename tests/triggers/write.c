/* SPDX-License-Identifier: GPL-2.0-only */
/* write: write(2) one byte to /dev/null N times (argv[1], default 1), then exit 0. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1;
	int fd = open("/dev/null", O_WRONLY);

	if (fd < 0) {
		perror("/dev/null");
		return 1;
	}
	for (long i = 0; i < n; i++)
		syscall(SYS_write, fd, "x", 1);
	close(fd);
	return 0;
}
