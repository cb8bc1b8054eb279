/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ustack: a known user call chain for ustack(), uaddr(), usym() and umod() tests:
 * main -> ustack_outer -> ustack_inner -> getpid(), 2 * N times (argv[1], default 1): N times
 * from each of two call sites in ustack_outer (two return addresses in one function), then
 * exit 0.
 *
 * Built with frame pointers (the Makefile gives every trigger -fno-omit-frame-pointer) and
 * the two functions kept out of line, so the kernel's frame-pointer walk of the user stack at
 * getpid's system call finds, in order: the C library's getpid, ustack_outer and main. Not
 * ustack_inner: getpid makes no frame of its own, so a frame-pointer walk starts from its
 * caller's frame and the first return address it finds is the one into ustack_outer (DTrace
 * shows the same). getpid(2) is called through the C library, which neither caches it nor
 * answers it in user space.
 */
#include <stdlib.h>
#include <unistd.h>

static volatile pid_t sink;

__attribute__((noinline)) static pid_t
ustack_inner(void)
{
	pid_t p = getpid();

	sink = p;	/* not a tail call: the return address into ustack_inner stays */
	return p;
}

__attribute__((noinline)) static long
ustack_outer(long n)
{
	long sum = 0;

	for (long i = 0; i < n; i++) {
		sum += ustack_inner();
		sum += 2 * ustack_inner();
	}
	return sum;
}

int
main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1;

	return ustack_outer(n) == 0 && n > 0;
}
