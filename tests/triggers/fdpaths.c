/* SPDX-License-Identifier: GPL-2.0-only */
/* fdpaths DIR OUT: opens files of many kinds (in DIR: a file, a deleted file, DIR itself, a
 * path longer than 300 characters; "/", /proc/version, a namespace, a pipe, a socket, an eventfd, a
 * pidfd, a memfd) and, for each in that order, calls fcntl(fd, F_GETFD) and writes the
 * kernel's name for it (the /proc/self/fd link) as a line of OUT. Kinds this kernel lacks
 * are left out. Exits 0, or 1 when DIR or OUT cannot be used. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

static FILE *out;

/* The fcntl() the tracer sees, then the kernel's name for fd; fd is closed. */
static void
show(int fd)
{
	char link[64], name[4096];
	ssize_t n;

	if (fd < 0)
		return;
	syscall(SYS_fcntl, fd, F_GETFD);
	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	n = readlink(link, name, sizeof(name) - 1);
	if (n >= 0)
		fprintf(out, "%.*s\n", (int)n, name);
	close(fd);
}

int
main(int argc, char **argv)
{
	char path[4096];
	int fds[2], fd;

	if (argc < 3 || chdir(argv[1]) != 0 || !(out = fopen(argv[2], "w"))) {
		fprintf(stderr, "usage: fdpaths DIR OUT\n");
		return 1;
	}
	close(open("file", O_WRONLY | O_CREAT | O_TRUNC, 0644));
	show(open("file", O_RDONLY));
	fd = open("gone", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	unlink("gone");
	show(fd);
	show(open(".", O_RDONLY | O_DIRECTORY));
	strcpy(path, ".");
	for (int i = 0; i < 6; i++) {
		strcat(path, "/0123456789012345678901234567890123456789012345678");
		mkdir(path, 0755);
	}
	strcat(path, "/f");
	close(open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644));
	show(open(path, O_RDONLY));
	show(open("/", O_RDONLY | O_DIRECTORY));
	show(open("/proc/version", O_RDONLY));
	show(open("/proc/self/ns/net", O_RDONLY));
	if (pipe(fds) == 0) {
		show(fds[0]);
		close(fds[1]);
	}
	show(socket(AF_UNIX, SOCK_STREAM, 0));
	show(eventfd(0, 0));
#ifdef SYS_pidfd_open
	show((int)syscall(SYS_pidfd_open, getpid(), 0));
#endif
#ifdef SYS_memfd_create
	show((int)syscall(SYS_memfd_create, "dt", 0));
#endif
	fclose(out);
	return 0;
}
