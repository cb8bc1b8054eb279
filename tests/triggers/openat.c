/* SPDX-License-Identifier: GPL-2.0-only */
/* openat: openat(2) a path N times (argv[1], default 1; path argv[2], default /etc/hostname),
 * closing each descriptor that opened. A missing path gives N failed calls with ENOENT, which
 * errno tests count. Always exits 0. */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1;
	const char *path = argc > 2 ? argv[2] : "/etc/hostname";

	for (long i = 0; i < n; i++) {
		int fd = (int)syscall(SYS_openat, AT_FDCWD, path, O_RDONLY);

		if (fd >= 0)
			close(fd);
	}
	return 0;
}
