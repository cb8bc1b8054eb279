/* SPDX-License-Identifier: GPL-2.0-only */
/* userbufs: N times (argv[1], default 1), write(2) a known 24-byte buffer to /dev/null
 * ("copyin-test-buffer" and a NUL, then 0x01 0x02 0x03 0x04 0x05) and nanosleep(2) for
 * {tv_sec 0, tv_nsec 12345}: syscalls whose user buffers tests read with copyin(). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	static const char buf[24] = "copyin-test-buffer\0\1\2\3\4\5";
	struct timespec ts = {0, 12345};
	long n = argc > 1 ? atol(argv[1]) : 1;
	int fd = open("/dev/null", O_WRONLY);

	if (fd < 0) {
		perror("/dev/null");
		return 1;
	}
	for (long i = 0; i < n; i++) {
		syscall(SYS_write, fd, buf, sizeof(buf));
		syscall(SYS_nanosleep, &ts, NULL);
	}
	close(fd);
	return 0;
}
