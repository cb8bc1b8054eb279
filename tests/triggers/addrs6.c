/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * addrs6: write(2) N IPv6 addresses (argv[1], default 100), 16 bytes each, to /dev/null on
 * fd 99, and write to the file argv[2] the line "inet_ntoa6 inet_ntop" that DTrace prints
 * for each, so a test can trace the writes and compare.
 *
 * The addresses are pseudo-random (a fixed seed) and mostly zero groups, with many near the
 * IPv4-mapped and -compatible forms. The expected text of an ordinary address is glibc's
 * inet_ntop(): its rule is DTrace's (the longest run of two or more zero groups is "::",
 * the first of equal ones). An IPv4 address inside is decided by DTrace's rule, wider than
 * glibc's: five zero groups then ffff, or six then anything but 0 and 1; inet_ntoa6 gives
 * the dotted quad alone, inet_ntop "::ffff:" or "::" in front of it.
 */
#include <arpa/inet.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

static uint64_t seed = 0x9e3779b97f4a7c15ULL;

static unsigned
rnd(unsigned n)
{
	seed ^= seed << 13;
	seed ^= seed >> 7;
	seed ^= seed << 17;
	return (unsigned)(seed % n);
}

static unsigned
group(void)
{
	switch (rnd(6)) {
	case 0: case 1: case 2:
		return 0;
	case 3:
		return rnd(2) ? 1 : 1 + rnd(0xff);
	default:
		return 1 + rnd(0xffff);
	}
}

int
main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 100;
	FILE *exp = fopen(argc > 2 ? argv[2] : "/dev/stdout", "w");
	int fd = open("/dev/null", O_WRONLY);

	if (!exp || fd < 0 || dup2(fd, 99) < 0) {
		perror("addrs6");
		return 1;
	}
	for (long i = 0; i < n; i++) {
		uint16_t g[8];
		unsigned char a[16];
		char text[64], quad[16];
		int z5 = 1;

		for (int k = 0; k < 8; k++)
			g[k] = (uint16_t)group();
		if (rnd(3) == 0) {
			/* near the embedded forms */
			static const uint16_t six[] = {0, 0xffff, 0xfffe, 1};

			for (int k = 0; k < 5; k++)
				g[k] = 0;
			g[5] = six[rnd(4)];
			g[6] = rnd(2) ? 0 : (uint16_t)group();
			g[7] = (uint16_t)rnd(3);
			if (rnd(2))
				g[7] = (uint16_t)group();
		}
		for (int k = 0; k < 8; k++) {
			a[2 * k] = (unsigned char)(g[k] >> 8);
			a[2 * k + 1] = (unsigned char)g[k];
			if (k < 5 && g[k])
				z5 = 0;
		}
		snprintf(quad, sizeof(quad), "%u.%u.%u.%u", a[12], a[13], a[14], a[15]);
		if (z5 && g[5] == 0xffff)
			fprintf(exp, "%s ::ffff:%s\n", quad, quad);
		else if (z5 && g[5] == 0 && (g[6] != 0 || g[7] > 1))
			fprintf(exp, "%s ::%s\n", quad, quad);
		else if (inet_ntop(AF_INET6, a, text, sizeof(text)))
			fprintf(exp, "%s %s\n", text, text);
		syscall(SYS_write, 99, a, 16);
	}
	return fclose(exp) != 0;
}
