/* SPDX-License-Identifier: GPL-2.0-only */
/* creat: in directory argv[1], create "c1" with creat(2) and "c2" with openat(2) O_CREAT,
 * then open "c2" again without O_CREAT (not a creation), remove both and exit 0. */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	char c1[PATH_MAX], c2[PATH_MAX];
	int fd;

	if (argc < 2)
		return 2;
	snprintf(c1, sizeof(c1), "%s/c1", argv[1]);
	snprintf(c2, sizeof(c2), "%s/c2", argv[1]);
	if ((fd = (int)syscall(SYS_creat, c1, 0600)) < 0)
		return 1;
	close(fd);
	if ((fd = (int)syscall(SYS_openat, AT_FDCWD, c2, O_WRONLY | O_CREAT, 0600)) < 0)
		return 1;
	close(fd);
	if ((fd = (int)syscall(SYS_openat, AT_FDCWD, c2, O_RDONLY)) < 0)
		return 1;
	close(fd);
	unlink(c1);
	unlink(c2);
	return 0;
}
