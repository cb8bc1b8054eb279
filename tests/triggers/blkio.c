/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * blkio: block I/O that bypasses the page cache, for the io provider's tests.
 *
 *   blkio PATH N
 *   blkio -b PATH N
 *
 * Opens PATH (a block device such as a loop device, or a file) with O_DIRECT | O_SYNC and
 * writes N blocks of 4096 bytes at offsets 0, 4096, ... (block i filled with the byte
 * 'a' + i % 26), then reads them back at the same offsets and checks them. Each write and
 * read is one I/O of 4096 bytes the block layer sees while the call waits for it, so the
 * I/O starts in this process. Exits 0, or 1 saying what failed.
 *
 * -b: through the page cache instead: creates PATH (a file), writes the N blocks, and
 * fsync()s it, so the file's pages are written out (from this process) before it exits.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BLK 4096

int
main(int argc, char **argv)
{
	bool buffered = argc > 1 && strcmp(argv[1], "-b") == 0;
	long n;
	void *buf;
	int fd;

	argv += buffered;
	argc -= buffered;
	n = argc > 2 ? atol(argv[2]) : 1;
	if (argc < 2) {
		fprintf(stderr, "usage: blkio [-b] PATH N\n");
		return 2;
	}
	if (posix_memalign(&buf, BLK, BLK) != 0)
		return 1;
	fd = buffered ? open(argv[1], O_RDWR | O_CREAT | O_TRUNC, 0644) :
		open(argv[1], O_RDWR | O_DIRECT | O_SYNC);
	if (fd < 0) {
		perror(argv[1]);
		return 1;
	}
	for (long i = 0; i < n; i++) {
		memset(buf, 'a' + i % 26, BLK);
		if (pwrite(fd, buf, BLK, i * BLK) != BLK) {
			perror("pwrite");
			return 1;
		}
	}
	if (buffered && fsync(fd) < 0) {
		perror("fsync");
		return 1;
	}
	for (long i = 0; i < n; i++) {
		if (pread(fd, buf, BLK, i * BLK) != BLK) {
			perror("pread");
			return 1;
		}
		if (((char *)buf)[BLK - 1] != 'a' + i % 26) {
			fprintf(stderr, "blkio: block %ld read back wrong\n", i);
			return 1;
		}
	}
	close(fd);
	free(buf);
	return 0;
}
